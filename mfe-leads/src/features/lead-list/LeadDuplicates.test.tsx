import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leadRow, paginationHeader } from '../../test/leadRows';
import { buttonName, findDialog, installListHttp, renderLeadsPart, rowElements, setupUser } from '../../test/renderLeads';
import { RESOURCE_LIST } from '../resource/resourceList';
import { LeadListPage } from './LeadListPage';

// Duplicates in the lead lists (issue 24): the 重复 tag with its reason and the link to the
// original, and the 重复线索 filter in the URL, the list call and the export.
const RESOURCE = '/customer/feedback/resource';
const today = chinaToday();

let http: FakeHttp;
beforeEach(() => {
  http = installListHttp();
});
afterEach(() => http.restore());

const renderResource = (path = '/resource') => renderLeadsPart(<LeadListPage list={RESOURCE_LIST} />, path);
const lastQuery = () => http.requestsTo(RESOURCE).at(-1)?.query;

const rowOf = (name: string) => {
  const row = rowElements().find((tr) => within(tr).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
/** A row's 重复 tag (a button named by the tag and its reason), or null. */
const tagOf = (name: string) => within(rowOf(name)).queryByRole('button', { name: /^重复/ });
/** The popover a tag controls while it is open. */
const popoverOf = (tag: HTMLElement) => {
  const id = tag.getAttribute('aria-controls');
  const popover = id ? document.getElementById(id) : null;
  if (!popover) throw new Error('the tag controls no open popover');
  return popover;
};

describe('the 重复 tag of a duplicate lead', () => {
  beforeEach(() => {
    http.on(`GET ${RESOURCE}`, {
      body: [
        leadRow({ id: 1, name: '原始', mobile: '13800138000' }),
        leadRow({
          id: 2,
          name: '表单重复',
          mobile: '13900139000',
          duplicateOf: 9,
          duplicateReason: '与 3 天前的表单线索重复',
          // A Toutiao lead: shown on 信息流资源.
          duplicateFirst: { listKind: 'todayHeader', day: '2026-02-26' },
        }),
        leadRow({
          id: 3,
          name: '对话重复',
          mobile: '8613700137000',
          duplicateOf: 1,
          duplicateReason: '与今天的智能对话线索重复',
          duplicateFirst: { listKind: 'resource', day: '2026-03-01' },
        }),
      ],
      headers: paginationHeader(3),
    });
  });

  it('shows beside the phone of duplicate rows only; hovering shows the reason and 查看首条线索 to the list of the original', async () => {
    const user = setupUser();
    renderResource();
    await screen.findByText('对话重复');

    expect(tagOf('原始')).toBeNull();
    expect(within(rowOf('原始')).queryByText('重复')).toBeNull();
    const tag = tagOf('表单重复') as HTMLElement;
    expect(tag).toHaveAccessibleName('重复：与 3 天前的表单线索重复');
    // The phone cell keeps its number, the tag after it.
    expect(tag.closest('td')).toHaveTextContent(/^13900139000重复$/);
    expect(tag).toHaveAttribute('aria-expanded', 'false');

    await user.hover(tag);
    await waitFor(() => expect(tag).toHaveAttribute('aria-expanded', 'true'));
    const popover = popoverOf(tag);
    expect(within(popover).getByText('与 3 天前的表单线索重复')).toBeInTheDocument();
    // The original's list (a Toutiao lead is on 信息流资源) on its day, with this phone.
    expect(within(popover).getByRole('link', { name: '查看首条线索' })).toHaveAttribute(
      'href',
      '/info-list?startTime=2026-02-26&endTime=2026-02-26&phone=13900139000',
    );
    await user.unhover(tag);
    await waitFor(() => expect(tag).toHaveAttribute('aria-expanded', 'false'));
  });

  it('opens on focus; Enter moves to the link, Escape comes back; the link opens the original day and phone in the list', async () => {
    const user = setupUser();
    renderResource();
    await screen.findByText('对话重复');
    const tag = tagOf('对话重复') as HTMLElement;

    act(() => tag.focus());
    expect(tag).toHaveAttribute('aria-expanded', 'true');
    const popover = popoverOf(tag);
    expect(within(popover).getByText('与今天的智能对话线索重复')).toBeInTheDocument();
    const link = within(popover).getByRole('link', { name: '查看首条线索' });
    // The number as duplicates compare it: without the 86 country code.
    expect(link).toHaveAttribute('href', '/resource?startTime=2026-03-01&endTime=2026-03-01&phone=13700137000');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(link).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(tag).toHaveFocus();
    await waitFor(() => expect(tag).toHaveAttribute('aria-expanded', 'false'));

    // Enter again opens it at its link; following that, the list asks for exactly the original's day and phone.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(popoverOf(tag)).getByRole('link', { name: '查看首条线索' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?startTime=2026-03-01&endTime=2026-03-01&phone=13700137000'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ startTime: '2026-03-01', endTime: '2026-03-01', phone: '13700137000', page: '1', pageSize: '10' }),
    );
  });
});

describe('the 重复线索 filter', () => {
  let downloads: HTMLAnchorElement[];
  beforeEach(() => {
    http.on(`GET ${RESOURCE}`, { body: [leadRow({ id: 1, name: '张三' })], headers: paginationHeader(1) });
    downloads = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  /** The list's search bar (its buttons 查询, 重置, 导出, 重复规则). */
  const searchBar = () => screen.getByLabelText('电话').closest('form') as HTMLElement;

  /** Picks `option` in the select labelled 重复线索 (within `container`). */
  async function chooseDuplicate(option: string, container: HTMLElement = document.body) {
    fireEvent.mouseDown(within(container).getByLabelText('重复线索'));
    fireEvent.click((await screen.findAllByTitle(option)).at(-1) as HTMLElement);
  }

  it('sends duplicate=1 or 0 from the URL and from the search bar, which writes it in the URL', async () => {
    const user = setupUser();
    renderResource('/resource?duplicate=1');
    await screen.findByText('张三');
    expect(http.requestsTo(RESOURCE).map((request) => request.query)).toEqual([
      { startTime: today, endTime: today, duplicate: '1', page: '1', pageSize: '10' },
    ]);
    const form = searchBar();
    expect(within(form).getByTitle('只看重复')).toBeInTheDocument();

    await chooseDuplicate('不含重复', form);
    await user.click(within(form).getByRole('button', { name: buttonName('查询') }));
    await waitFor(() => expect(window.location.search).toBe('?duplicate=0'));
    await waitFor(() => expect(lastQuery()).toEqual({ startTime: today, endTime: today, duplicate: '0', page: '1', pageSize: '10' }));
  });

  it('back and forward show the filter of each search; 全部 sends none and leaves a clean URL', async () => {
    const user = setupUser();
    renderResource('/resource?duplicate=1');
    await screen.findByText('张三');
    const form = searchBar();
    await chooseDuplicate('不含重复', form);
    await user.click(within(form).getByRole('button', { name: buttonName('查询') }));
    await waitFor(() => expect(window.location.search).toBe('?duplicate=0'));

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?duplicate=1'));
    await waitFor(() => expect(within(form).getByTitle('只看重复')).toBeInTheDocument());
    act(() => window.history.forward());
    await waitFor(() => expect(within(form).getByTitle('不含重复')).toBeInTheDocument());
    expect(lastQuery()).toMatchObject({ duplicate: '0' });

    // 全部 sends no filter and leaves a clean URL.
    await chooseDuplicate('全部', form);
    await user.click(within(form).getByRole('button', { name: buttonName('查询') }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(lastQuery()).toEqual({ startTime: today, endTime: today, page: '1', pageSize: '10' }));
  });

  it("the export starts from the list's filter and sends it", async () => {
    const user = setupUser();
    http.on(`GET ${RESOURCE}/files`, { headers: { 'content-type': 'text/csv; charset=utf-8' }, body: '\ufeff姓名\r\n张三\r\n' });
    renderResource('/resource?duplicate=1');
    await screen.findByText('张三');

    await user.click(within(searchBar()).getByRole('button', { name: buttonName('导出') }));
    const dialog = await findDialog('导出数据');
    expect(within(dialog).getByTitle('只看重复')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: buttonName('导出') }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(http.requestsTo(`${RESOURCE}/files`).map((request) => request.query)).toEqual([
      { startTime: today, endTime: today, readStatus: '-1', fileGenre: '1', duplicate: '1' },
    ]);

    // 不含重复 chosen in the dialog is sent as 0.
    await user.click(within(searchBar()).getByRole('button', { name: buttonName('导出') }));
    const again = await findDialog('导出数据');
    await chooseDuplicate('不含重复', again);
    await user.click(within(again).getByRole('button', { name: buttonName('导出') }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(http.requestsTo(`${RESOURCE}/files`).at(-1)?.query).toMatchObject({ duplicate: '0' });
  });
});
