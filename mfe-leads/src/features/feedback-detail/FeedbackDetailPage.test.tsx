import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { screen } from '@testing-library/react';
import { leadRow } from '../../test/leadRows';
import { renderLeads } from '../../test/renderLeads';

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
      }),
    });
    renderLeads('/feedback-detail?id=9');
    expect(await screen.findByText('想了解加盟政策')).toBeInTheDocument();
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
});
