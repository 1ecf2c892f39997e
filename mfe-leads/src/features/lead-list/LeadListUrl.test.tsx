import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leadRow, paginationHeader } from '../../test/leadRows';
import { button, installListHttp, preloadListPages, renderLeads, rowElements } from '../../test/renderLeads';

// The filters and the page of a lead list live in its URL (ARCHITECTURE section 6).
const RESOURCE = '/customer/feedback/resource';
const FEEDBACKS = '/customer/feedback/feedbacks';
const today = chinaToday();

beforeAll(preloadListPages, 60_000);

let http: FakeHttp;
beforeEach(() => {
  http = installListHttp();
  http.on(`GET ${RESOURCE}`, { body: [leadRow({ id: 1, name: '张三' })], headers: paginationHeader(35) });
});
afterEach(() => http.restore());

const lastQuery = (path = RESOURCE) => http.requestsTo(path).at(-1)?.query;

/** What the search bar shows: the days, the four selects' choices (project, read, assigned, duplicates), the phone. */
function formShows() {
  const form = document.querySelector('form') as HTMLFormElement;
  return {
    days: [...form.querySelectorAll<HTMLInputElement>('.ant-picker input')].map((input) => input.value),
    selects: [...form.querySelectorAll('.ant-select')].map((select) => select.querySelector('[title]')?.getAttribute('title') ?? ''),
    phone: (screen.getByPlaceholderText('请输入电话') as HTMLInputElement).value,
  };
}

const currentPage = () => document.querySelector('.ant-pagination-item-active')?.textContent;

async function choose(index: number, option: string) {
  fireEvent.mouseDown(document.querySelectorAll<HTMLElement>('form [role="combobox"]')[index]);
  const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(found[found.length - 1]);
}

describe('lead list filters and page in the URL', () => {
  it('a link with filters and a page asks for exactly those and shows them in the search bar', async () => {
    renderLeads(
      '/resource?startTime=2026-03-01&endTime=2026-03-05&itemId=13&readStatus=0&crmFollowerState=1&phone=138&duplicate=1&page=2&pageSize=20',
    );
    await screen.findByText('张三');
    expect(http.requestsTo(RESOURCE).map((request) => request.query)).toEqual([
      {
        startTime: '2026-03-01',
        endTime: '2026-03-05',
        itemId: '13',
        readStatus: '0',
        crmFollowerState: '1',
        phone: '138',
        duplicate: '1',
        page: '2',
        pageSize: '20',
      },
    ]);
    await waitFor(() => expect(formShows().selects[0]).toBe('华东推广项目'));
    expect(formShows()).toEqual({ days: ['2026-03-01', '2026-03-05'], selects: ['华东推广项目', '未读', '已分配', '只看重复'], phone: '138' });
    expect(currentPage()).toBe('2');
  });

  it("a receive report's link asks for the receiver's leads and shows the name in 接待人; clearing it asks for everyone's", async () => {
    renderLeads(`/resource?startTime=2026-03-01&endTime=2026-03-01&itemId=13&crmFollower=${encodeURIComponent('张三')}`);
    await screen.findByText('张三', { selector: 'td *, td' });
    expect(lastQuery()).toEqual({ startTime: '2026-03-01', endTime: '2026-03-01', itemId: '13', crmFollower: '张三', page: '1', pageSize: '10' });
    const receiver = screen.getByLabelText('接待人') as HTMLInputElement;
    expect(receiver.value).toBe('张三');
    fireEvent.change(receiver, { target: { value: '' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(lastQuery()).toEqual({ startTime: '2026-03-01', endTime: '2026-03-01', itemId: '13', page: '1', pageSize: '10' }));
  });

  it('a search writes the filters from page 1 as a new history entry; back returns to the earlier page', async () => {
    renderLeads('/resource?page=3');
    await screen.findByText('张三');
    expect(lastQuery()?.page).toBe('3');

    await choose(1, '未读');
    fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '139' } });
    fireEvent.click(button('查询'));
    await waitFor(() => expect(window.location.search).toBe('?readStatus=0&phone=139'));
    await waitFor(() => expect(lastQuery()).toEqual({ startTime: today, endTime: today, readStatus: '0', phone: '139', page: '1', pageSize: '10' }));

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?page=3'));
    await waitFor(() => expect(formShows().phone).toBe(''));
    expect(formShows().selects[1]).toBe('全部');
    expect(currentPage()).toBe('3');
  });

  it('a page change writes the URL and keeps the filters', async () => {
    renderLeads('/resource?phone=138');
    await screen.findByText('张三');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(window.location.search).toBe('?phone=138&page=2'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ phone: '138', page: '2', pageSize: '10' }));
  });

  it('重置 shows and searches the defaults, and leaves a clean URL; 查询 with the defaults keeps it clean', async () => {
    renderLeads('/resource?readStatus=1&phone=138&duplicate=0&page=2');
    await screen.findByText('张三');
    await waitFor(() => expect(formShows().phone).toBe('138'));
    fireEvent.click(button('重置'));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(formShows()).toEqual({ days: [today, today], selects: ['全部项目', '全部', '全部', '全部'], phone: '' });
    await waitFor(() => expect(lastQuery()).toEqual({ startTime: today, endTime: today, page: '1', pageSize: '10' }));

    fireEvent.click(button('查询'));
    await waitFor(() => expect(http.requestsTo(RESOURCE).length).toBeGreaterThan(2));
    expect(window.location.pathname + window.location.search).toBe('/resource');
  });

  it('bad values of a hand-edited URL fall back to the defaults, the good ones are kept', async () => {
    renderLeads('/resource?page=abc&pageSize=7&startTime=9999-99-99&endTime=2026-03-01&readStatus=5&itemId=x&duplicate=2&phone=138');
    await screen.findByText('张三');
    expect(http.requestsTo(RESOURCE).map((request) => request.query)).toEqual([
      { startTime: today, endTime: today, phone: '138', page: '1', pageSize: '10' },
    ]);
    expect(formShows()).toEqual({ days: [today, today], selects: ['全部项目', '全部', '全部', '全部'], phone: '138' });
    expect(currentPage()).toBe('1');
    expect(document.querySelector('.ant-alert-error')).toBeNull();
  });

  it('off page 1 a new lead does not move the rows: the notice offers the reload, 刷新 goes to page 1', async () => {
    renderLeads('/resource?phone=138&page=2');
    await screen.findByText('张三');
    act(() => getEventBus().publish(new LeadArrivedEvent({ list: 'resource', count: 1 })));
    expect(await screen.findByText('有 1 条新线索')).toBeInTheDocument();
    expect(http.requestsTo(RESOURCE)).toHaveLength(1);
    fireEvent.click(button('刷新'));
    await waitFor(() => expect(window.location.search).toBe('?phone=138'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ phone: '138', page: '1' }));
  });
});

describe('the detail page and back', () => {
  beforeEach(() => {
    const lead = leadRow({ id: 9, name: '李四', tableName: 'feedback', listKind: 'feedback', content: '请尽快联系我' });
    http.on(`GET ${FEEDBACKS}`, { body: [lead], headers: paginationHeader(35) });
    http.on(`GET ${FEEDBACKS}/9`, { body: lead });
  });

  const openDetail = async () => {
    fireEvent.click(within(rowElements()[0]).getByText('详情'));
    expect(await screen.findByText('留言详情')).toBeInTheDocument();
  };
  const expectListAsLeft = async () => {
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/feedback?readStatus=0&phone=138&page=2'));
    expect(await screen.findByText('李四')).toBeInTheDocument();
    await waitFor(() => expect(formShows().phone).toBe('138'));
    expect(formShows().selects[1]).toBe('未读');
    expect(currentPage()).toBe('2');
    expect(lastQuery(FEEDBACKS)).toMatchObject({ readStatus: '0', phone: '138', page: '2' });
  };

  it("the browser's back returns to the list with its filters and page", async () => {
    renderLeads('/feedback?readStatus=0&phone=138&page=2');
    await screen.findByText('李四');
    await openDetail();
    act(() => window.history.back());
    await expectListAsLeft();
  });

  it("the detail page's 返回列表 returns to the list with its filters and page", async () => {
    renderLeads('/feedback?readStatus=0&phone=138&page=2');
    await screen.findByText('李四');
    await openDetail();
    fireEvent.click(button('返回列表'));
    await expectListAsLeft();
  });
});
