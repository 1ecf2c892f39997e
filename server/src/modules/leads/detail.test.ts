import { type Lead } from '@portal/contracts/leads';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import { dialects, expectError, useDemoApp } from '../../test/harness';

// The seed spreads leads over 90 days; a 60-day range holds some of every customer's.
const SINCE = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects())('lead detail on %s', (dialect) => {
  const s = useDemoApp(dialect);

  it("answers one of the customer's bidding or form leads, and nobody else's", async () => {
    const [first] = (await s.a.get(`/rest${leadListEndpoints.feedback.path}`, { query: { startTime: SINCE } })).json() as Lead[];
    const [ownOfB] = (await s.b.get(`/rest${leadListEndpoints.feedback.path}`, { query: { startTime: SINCE } })).json() as Lead[];
    const detail = await s.a.get(`/rest/customer/feedback/feedbacks/${first.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: first.id, name: first.name, mobile: first.mobile });
    expectError(await s.b.get(`/rest/customer/feedback/feedbacks/${first.id}`), 404, '数据不存在');
    expectError(await s.a.get(`/rest/customer/feedback/feedbacks/${ownOfB.id}`), 404, '数据不存在');
    expectError(await s.a.get('/rest/customer/feedback/feedbacks/1%20OR%201=1'), 400);
    expectError(await s.t.client().get(`/rest/customer/feedback/feedbacks/${first.id}`), 401);
  });

  it('answers a CPC resource, which the bidding list shows and links here, but no smart-investment lead', async () => {
    const rows = (await s.a.get(`/rest${leadListEndpoints.feedback.path}`, { query: { startTime: SINCE, pageSize: '100' } })).json() as Lead[];
    const cpc =
      rows.find((row) => row.listKind === 'cpc') ??
      ((await s.a.get(`/rest${leadListEndpoints.cpc.path}`, { query: { startTime: SINCE } })).json() as Lead[])[0]!;
    expect(cpc.listKind).toBe('cpc');
    expect((await s.a.get(`/rest/customer/feedback/feedbacks/${cpc.id}`)).json()).toMatchObject({
      id: cpc.id,
      listKind: 'cpc',
      tableName: 'resource_cpc',
    });
    const [resource] = (await s.a.get(`/rest${leadListEndpoints.resource.path}`, { query: { startTime: SINCE } })).json() as Lead[];
    expectError(await s.a.get(`/rest/customer/feedback/feedbacks/${resource!.id}`), 404, '数据不存在');
  });

  it('does not answer a deleted lead', async () => {
    const rows = (await s.a.get(`/rest${leadListEndpoints.feedback.path}`, { query: { startTime: SINCE, pageSize: '100' } })).json() as Lead[];
    const lead = rows.find((row) => row.listKind === 'feedback')!;
    expect((await s.a.call('DELETE', `/rest/customer/feedback/feedbacks/${lead.id}`)).statusCode).toBe(200);
    expectError(await s.a.get(`/rest/customer/feedback/feedbacks/${lead.id}`), 404, '数据不存在');
  });
});
