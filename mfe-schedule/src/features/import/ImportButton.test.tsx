import type { FakeHttp, FakeReply } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useDayQuery } from '../../api/scheduleCalls';
import { button, codeOk, findElement, installScheduleHttp, lastRequest, refused, renderSchedule } from '../../test/renderSchedule';
import type { ScheduleTarget } from '../schedule/target';
import { ImportButton } from './ImportButton';

const FILES = '/es/dailyarrange/files';
const REPEAT = '/es/dailyarrange/submitRepeat';
const DAY = '/es/dailyarrange/2026-03-05/11';
const TARGET: ScheduleTarget = { crmCode: 'ec', itemId: 11, date: '2026-03-05', hasProjects: true };
const IMPORT_ID = 'a'.repeat(32);
const REPEATS = [
  {
    userName: '张三',
    rows: [2, 5],
    candidates: [
      { id: 31, userName: '张三', phone: '13800000031', deptName: '销售一部' },
      { id: 32, userName: '张三', phone: '13800000032', deptName: '销售二部' },
    ],
  },
  {
    userName: '李四',
    rows: [3],
    candidates: [
      { id: 41, userName: '李四', phone: '', deptName: '客服部' },
      { id: 42, userName: '李四', phone: '13800000042', deptName: '' },
    ],
  },
];

let http: FakeHttp;
beforeEach(() => {
  http = installScheduleHttp();
  http.on('GET /es/dailyarrange/itemList', codeOk([{ itemId: 11, itemTitle: '全国加盟项目', status: 1, scheduledDays: 3 }]));
  http.on(`GET ${DAY}`, codeOk([]));
  http.on(`POST ${FILES}`, codeOk({ status: 'done', count: 2 }));
  http.on(`POST ${REPEAT}`, codeOk({ status: 'done', count: 4 }));
});
afterEach(() => http.restore());

/** The day's rows as the page reads them: the import must make it read them again. */
function DayOnPage() {
  useDayQuery({ crmCode: 'ec', itemId: 11, date: '2026-03-05' });
  return null;
}

async function openImport(target: ScheduleTarget = TARGET) {
  renderSchedule(
    <>
      <DayOnPage />
      <ImportButton target={target} />
    </>,
  );
  fireEvent.click(button('导入'));
  return findElement('.ant-modal');
}

const sheet = (name: string, size?: number) => {
  const file = new File(['姓名\n王五'], name, { type: 'application/octet-stream' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(document.querySelector('.ant-modal input[type="file"]')!, { target: { files: [file] } });

test('needs projects and a chosen project before the dialog opens', async () => {
  renderSchedule(<ImportButton target={{ ...TARGET, itemId: null }} />);
  fireEvent.click(button('导入'));
  expect(await screen.findByText('请先选择项目')).toBeInTheDocument();
  expect(document.querySelector('.ant-modal')).toBeNull();
});

test('with no projects at all it says so', async () => {
  renderSchedule(<ImportButton target={{ ...TARGET, itemId: null, hasProjects: false }} />);
  fireEvent.click(button('导入'));
  expect(await screen.findByText('当前没有项目，不能排班')).toBeInTheDocument();
});

test('the dialog names the day it overwrites and refuses other files before sending anything', async () => {
  const dialog = await openImport();
  expect(within(dialog).getByText('导入排班')).toBeInTheDocument();
  expect(await within(dialog).findByText('全国加盟项目')).toBeInTheDocument();
  expect(within(dialog).getByText('2026-03-05')).toBeInTheDocument();
  expect(within(dialog).getByText('导入将覆盖该日该项目的排班')).toBeInTheDocument();

  fireEvent.click(button('开始导入', dialog));
  expect(await screen.findByText('请选择要导入的文件')).toBeInTheDocument();
  choose(sheet('排班.csv'));
  expect(await screen.findByText('只能导入xls或xlsx文件')).toBeInTheDocument();
  choose(sheet('排班.xlsx', 2 * 1024 * 1024 + 1));
  expect(await screen.findByText('文件不能超过2MB')).toBeInTheDocument();
  fireEvent.click(button('开始导入', dialog));
  expect(http.requestsTo(FILES)).toHaveLength(0);
});

test('an xlsx is sent multipart with the day it fills, its progress shown; done: 导入成功！ and the day is read again', async () => {
  let answer: (reply: FakeReply) => void = () => undefined;
  http.on(`POST ${FILES}`, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
  const dialog = await openImport();
  await waitFor(() => expect(http.requestsTo(DAY)).toHaveLength(1));
  choose(sheet('排班.xlsx', 2048));
  expect(await within(dialog).findByText('已选择：排班.xlsx（2KB）')).toBeInTheDocument();
  fireEvent.click(button('开始导入', dialog));
  const progress = await findElement('[role="progressbar"][aria-label="上传进度"]');
  expect(progress).toHaveAttribute('aria-valuenow', '0');
  answer(codeOk({ status: 'done', count: 2 }));
  expect(await screen.findByText('导入成功！')).toBeInTheDocument();

  const form = lastRequest(http, FILES, 'POST').body as FormData;
  expect(form).toBeInstanceOf(FormData);
  expect([form.get('date'), form.get('itemId'), form.get('crmCode')]).toEqual(['2026-03-05', '11', 'ec']);
  expect((form.get('file') as File).name).toBe('排班.xlsx');
  await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  await waitFor(() => expect(http.requestsTo(DAY)).toHaveLength(2));
});

test('repeated names: each with its rows and candidates; a choice and no choice are sent to submitRepeat', async () => {
  http.on(`POST ${FILES}`, codeOk({ status: 'repeat', importId: IMPORT_ID, repeats: REPEATS }));
  const upload = await openImport();
  choose(sheet('排班.xls'));
  fireEvent.click(button('开始导入', upload));

  const dialog = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((modal) => modal.textContent?.includes('重名人员选择'));
    if (!found) throw new Error('no repeat dialog');
    return found;
  });
  expect(within(dialog).getByText('第2、5行')).toBeInTheDocument();
  expect(within(dialog).getByText('第3行')).toBeInTheDocument();
  expect(within(dialog).getByText('李四 · - · 客服部')).toBeInTheDocument();
  expect(
    within(dialog)
      .getAllByLabelText('不选择（取第一位）')
      .map((radio) => (radio as HTMLInputElement).checked),
  ).toEqual([true, true]);

  http.on(`POST ${REPEAT}`, refused('导入已过期，请重新导入'));
  fireEvent.click(within(dialog).getByLabelText('张三 · 13800000032 · 销售二部'));
  fireEvent.click(button('确定导入', dialog));
  expect(await screen.findByText('导入已过期，请重新导入')).toBeInTheDocument();

  http.on(`POST ${REPEAT}`, codeOk({ status: 'done', count: 4 }));
  fireEvent.click(button('确定导入', dialog));
  expect(await screen.findByText('导入成功！')).toBeInTheDocument();
  expect(lastRequest(http, REPEAT, 'POST').body).toEqual({
    importId: IMPORT_ID,
    choices: [
      { userName: '张三', userId: 32 },
      { userName: '李四', userId: null },
    ],
  });
});

test("a refused sheet shows the server's reason, an answer it cannot read 操作失败; the dialog stays", async () => {
  http.on(`POST ${FILES}`, refused('表格缺少列：姓名'));
  const dialog = await openImport();
  choose(sheet('排班.xlsx'));
  fireEvent.click(button('开始导入', dialog));
  expect(await screen.findByText('表格缺少列：姓名')).toBeInTheDocument();

  http.on(`POST ${FILES}`, codeOk({ imported: true }));
  fireEvent.click(button('开始导入', dialog));
  expect(await screen.findByText('操作失败')).toBeInTheDocument();
  expect(dialog).toBeInTheDocument();
  expect(screen.queryByText('导入成功！')).toBeNull();
});
