import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { getUnreadCounters } from '@portal/event-bus';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actionAnswer, leadRow } from '../../test/leadRows';
import { findOption, renderLeads } from '../../test/renderLeads';

const LEAD = '/customer/feedback/feedbacks/9';
const D = '/es/eccutomerdistribute';

beforeAll(() => import('./FeedbackDetailPage'), 60_000);

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
});
afterEach(() => http.restore());

describe('the feedback message detail page', () => {
  it('shows the lead in full, content labelled, questionnaire and follow-ups', async () => {
    http.on('GET /customer/feedback/feedbacks/9', {
      body: leadRow({
        id: 9,
        tableName: 'feedback',
        listKind: 'feedback',
        content: { feedback: '想了解加盟政策', sex: '女', visitTime: '2026-03-01 09:30' },
        datas: [{ question: '预算', answer: '20万' }],
        callData: [{ id: 1, callTime: '2026-03-02 10:00:00', message: '已约到店' }],
        templateStyle: 1,
        genreId: 7,
        phoneClass: 'empty',
        mobileStatus: 0,
        phoneHeld: 'held',
      }),
    });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('想了解加盟政策')).toBeInTheDocument();
    // 号码类型: the checker's class, and held back by it (issue 24).
    expect(screen.getByText('空号')).toBeInTheDocument();
    expect(screen.getByText('已拦截')).toBeInTheDocument();
    expect(screen.getByText('性别')).toBeInTheDocument();
    expect(screen.getByText('访问时间')).toBeInTheDocument();
    expect(screen.getByText('20万')).toBeInTheDocument();
    expect(screen.getByText('已约到店')).toBeInTheDocument();
    expect(screen.getByText('PC普通')).toBeInTheDocument();
    expect(screen.getByText('其他')).toBeInTheDocument();
  });

  it('says so when the lead does not exist, and refuses a broken id without asking', async () => {
    http.on('GET /customer/feedback/feedbacks/404', { status: 404, body: { code: '404', message: '数据不存在' } });
    const { unmount } = renderLeads('/feedback-detail?id=404');
    expect(await screen.findByText('数据不存在')).toBeInTheDocument();
    unmount();

    renderLeads('/feedback-detail?id=abc');
    expect(await screen.findByText('数据编号不正确')).toBeInTheDocument();
    expect(http.requests).toHaveLength(1);
  });

  describe("read on open and the row's actions", () => {
    /** The lead as the server holds it: read state, remark and receiver change with the calls below. */
    function serveLead(initial: Partial<ReturnType<typeof leadRow>> = {}) {
      const state = { readStatus: 0, remark: '', crmFollower: null as string | null, ...initial };
      http.on(`GET ${LEAD}`, () => ({ body: leadRow({ id: 9, tableName: 'feedback', listKind: 'feedback', name: '张三', ...state }) }));
      http.on(`GET ${LEAD}/distribution`, { body: { code: '200', message: '成功', data: null } });
      http.on(`PUT ${LEAD}/read`, () => {
        state.readStatus = 1;
        return actionAnswer('操作成功', 1, { feedback: 4 });
      });
      http.on(`PUT ${LEAD}/unread`, () => {
        state.readStatus = 0;
        return actionAnswer('操作成功', 1, { feedback: 5 });
      });
      http.on(`PUT ${LEAD}`, ({ body }) => {
        state.remark = (body as { remark: string }).remark;
        return actionAnswer('修改成功', 1, { feedback: 4 });
      });
      return state;
    }
    const actions = () => screen.getByRole('group', { name: '操作' });

    it('marks an unread lead read once when opened, and its read toggle marks it unread again', async () => {
      serveLead();
      renderLeads('/feedback-detail?id=9');
      // Marked read by opening: the toggle now offers 标为未读, the counters follow the server.
      expect(await within(await screen.findByRole('group', { name: '操作' })).findByRole('button', { name: '标为未读' })).toBeInTheDocument();
      expect(http.requestsTo(`${LEAD}/read`, 'PUT')).toHaveLength(1);
      expect(getUnreadCounters().leads.feedback).toBe(4);
      expect(screen.getByText('已读')).toBeInTheDocument();

      fireEvent.click(within(actions()).getByRole('button', { name: '标为未读' }));
      expect(await within(actions()).findByRole('button', { name: '标为已读' })).toBeInTheDocument();
      expect(http.requestsTo(`${LEAD}/unread`, 'PUT')).toHaveLength(1);
      // Marked unread by hand, it stays unread: the page does not mark it read again.
      expect(http.requestsTo(`${LEAD}/read`, 'PUT')).toHaveLength(1);
      expect(getUnreadCounters().leads.feedback).toBe(5);
    });

    it('does not mark a lead already read', async () => {
      serveLead({ readStatus: 1 });
      renderLeads('/feedback-detail?id=9');
      expect(await within(await screen.findByRole('group', { name: '操作' })).findByRole('button', { name: '标为未读' })).toBeInTheDocument();
      expect(http.requestsTo(`${LEAD}/read`)).toHaveLength(0);
    });

    it("edits the remark with the list's remark cell", async () => {
      serveLead({ readStatus: 1, remark: '旧备注' });
      renderLeads('/feedback-detail?id=9');
      expect(await screen.findByText('旧备注')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: '编辑备注' }));
      const input = screen.getByRole('textbox', { name: '编辑备注' });
      fireEvent.change(input, { target: { value: '已约到店' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(await screen.findByText('修改成功')).toBeInTheDocument();
      expect(http.requestsTo(LEAD, 'PUT')[0].body).toEqual({ remark: '已约到店' });
      expect(await screen.findByText('已约到店')).toBeInTheDocument();
    });

    it('assigns the lead as the list row does, and no longer offers it once assigned', async () => {
      const state = serveLead({ readStatus: 1 });
      http.on(`GET ${D}/getCrmAssignResourceType`, { body: { code: '200', message: '成功', data: 1 } });
      http.on('GET /es/crmuser/like', {
        body: {
          code: '200',
          message: '成功',
          data: [{ id: 31, userName: '王五', phone: '13900000031', deptName: '', eligible: true, reason: null }],
        },
      });
      http.on(`PUT ${D}/assignResourcesManually`, () => {
        state.crmFollower = '王五';
        return { body: { code: '200', message: '分配成功', data: { count: 1 } } };
      });
      renderLeads('/feedback-detail?id=9');
      fireEvent.click(await within(await screen.findByRole('group', { name: '操作' })).findByRole('button', { name: '手动分配' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.mouseDown(within(dialog).getByRole('combobox'));
      fireEvent.click(await findOption('王五'));
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      expect(await screen.findByText('分配成功')).toBeInTheDocument();
      expect(http.requestsTo(`${D}/assignResourcesManually`, 'PUT')[0].body).toEqual({
        resourceList: [{ id: 9, tableName: 'feedback' }],
        userId: 31,
      });
      expect(http.requestsTo('/es/crmuser/like')[0].query).toEqual({ userName: '', leadIds: '9' });
      await waitFor(() => expect(within(actions()).queryByRole('button', { name: '手动分配' })).not.toBeInTheDocument());
      expect(screen.getAllByText('王五').length).toBeGreaterThan(0);
    });
  });
});
