import { LEAD_KINDS, type Lead } from '@portal/contracts/leads';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import { dialects, expectError, useDemoApp } from '../../test/harness';

describe.each(dialects())('unread counts on %s', (dialect) => {
  const s = useDemoApp(dialect);

  it('gives every list kind its own unread count, scoped to the customer, and follows reads', async () => {
    const before = (await s.a.get('/rest/customer/feedback/unread-counts')).json();
    expect(before.code).toBe('200');
    expect(Object.keys(before.data).sort()).toEqual([...LEAD_KINDS].sort());
    expect(before.data.resource).toBeGreaterThan(0);
    const other = (await s.b.get('/rest/customer/feedback/unread-counts')).json();
    expect(other.data.resource).not.toBe(before.data.resource);

    const today = (await s.a.get(`/rest${leadListEndpoints.resource.path}`, { query: { readStatus: '0' } })).json() as Lead[];
    const read = await s.a.put(`/rest/customer/feedback/resource/${today[0].id}/read`);
    expect(read.statusCode).toBe(200);
    const after = (await s.a.get('/rest/customer/feedback/unread-counts')).json();
    expect(after.data.resource).toBe(before.data.resource - 1);
    expect((await s.b.get('/rest/customer/feedback/unread-counts')).json().data.resource).toBe(other.data.resource);
  });

  it('needs a session', async () => {
    expectError(await s.t.client().get('/rest/customer/feedback/unread-counts'), 401);
  });
});
