import type { FakeHttp } from '@portal/api-client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { leadRow, paginationHeader } from '../../test/leadRows';
import { installListHttp, preloadListPages, renderLeads, rowElements, setupUser } from '../../test/renderLeads';

const RESOURCE = '/customer/feedback/resource';

/** A conversation as the chat server writes it into a smart-chat lead's content. */
const TRANSCRIPT = [
  '……',
  '访客 2026-11-28 10:00:00：想了解加盟费用',
  '客服 2026-11-28 10:01:00：您好，请问在哪个城市开店？',
  '访客 2026-11-28 10:02:00：杭州',
  '  我的电话 13800138123',
].join('\n');

beforeAll(preloadListPages, 60_000);

let http: FakeHttp;
beforeEach(() => {
  http = installListHttp();
});
afterEach(() => http.restore());

const listAnswers = (rows: ReturnType<typeof leadRow>[]) => http.on(`GET ${RESOURCE}`, { body: rows, headers: paginationHeader(rows.length) });

const rowOf = (name: string) => {
  const row = rowElements().find((tr) => within(tr).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

/**
 * Opens the conversation of the row of `name` and answers its dialog, titled `title`. (Not by the
 * dialog's name: under test antd gives every generated id the same value, so the modal's
 * aria-labelledby may point at another element.)
 */
async function openConversation(name: string, title: string) {
  await setupUser().click(within(rowOf(name)).getByRole('button', { name: '查看对话' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
}

describe('查看对话 on the smart-investment list /resource', () => {
  it('shows only on smart-chat leads with a content', async () => {
    listAnswers([
      leadRow({ id: 1, name: '张三', resType: 2, content: TRANSCRIPT }),
      leadRow({ id: 2, name: '李四', resType: 2, content: null }),
      leadRow({ id: 3, name: '王五', resType: 2, content: '  ' }),
      leadRow({ id: 4, name: '赵六', resType: 1, content: '访客 2026-11-28 10:00:00：表单留言' }),
    ]);
    renderLeads('/resource');
    await screen.findByText('赵六');
    expect(within(rowOf('张三')).getByRole('button', { name: '查看对话' })).toBeInTheDocument();
    for (const name of ['李四', '王五', '赵六']) {
      expect(within(rowOf(name)).getByRole('button', { name: '删除' })).toBeInTheDocument();
      expect(within(rowOf(name)).queryByRole('button', { name: '查看对话' })).not.toBeInTheDocument();
    }
  });

  it('shows the messages in order, who and when, under the lead’s name and phone', async () => {
    listAnswers([leadRow({ id: 1, name: '张三', mobile: '13800138123', resType: 2, content: TRANSCRIPT })]);
    renderLeads('/resource');
    await screen.findByText('张三');
    const dialog = await openConversation('张三', '对话记录：张三（13800138123）');

    expect(within(dialog).getByText('更早的对话已省略')).toBeInTheDocument();
    const messages = within(within(dialog).getByRole('list', { name: '对话记录' })).getAllByRole('listitem');
    expect(messages.map((item) => item.textContent)).toEqual([
      '访客 2026-11-28 10:00:00想了解加盟费用',
      '客服 2026-11-28 10:01:00您好，请问在哪个城市开店？',
      '访客 2026-11-28 10:02:00杭州\n我的电话 13800138123',
    ]);
    expect(within(messages[1]!).getByText('客服')).toBeInTheDocument();
    expect(within(messages[1]!).getByText('您好，请问在哪个城市开店？')).toBeInTheDocument();

    await setupUser().click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows HTML in a message as text', async () => {
    const html = '<b>加粗</b><img src="x" alt="注入">';
    listAnswers([leadRow({ id: 1, name: '张三', resType: 2, content: `访客 2026-11-28 10:00:00：${html}\n客服 2026-11-28 10:01:00：<i>好的</i>` })]);
    renderLeads('/resource');
    await screen.findByText('张三');
    const dialog = await openConversation('张三', '对话记录：张三（13800138000）');
    expect(within(dialog).getByText(html)).toBeInTheDocument();
    expect(within(dialog).getByText('<i>好的</i>')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '注入' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('加粗')).not.toBeInTheDocument();
    await act(async () => undefined);
  });

  it('shows a content that is no conversation as plain text', async () => {
    listAnswers([leadRow({ id: 1, name: '', mobile: '13900139000', resType: 2, content: '来自外部系统的对话摘要\n<b>意向强</b>' })]);
    renderLeads('/resource');
    await screen.findByText('13900139000');
    const dialog = await openConversation('13900139000', '对话记录：13900139000');
    expect(within(dialog).queryByRole('list', { name: '对话记录' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/来自外部系统的对话摘要\s+<b>意向强<\/b>/)).toBeInTheDocument();
    await act(async () => undefined);
  });
});
