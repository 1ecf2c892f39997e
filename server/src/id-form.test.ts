import { LeadMessage, PlatformMessage } from '@portal/contracts';
import { MessageText } from '@portal/contracts/messages';
import { LeadApiMessage } from '@portal/contracts/leads';
import { leadExportEndpoints, leadListEndpoints } from '@portal/contracts/endpoints';
import { dialects, expectError, useDemoApp } from './test/harness';
import { customerIdOf, insertFixtures, itemIdsOf, leadRow } from './test/leads';

const F = '/rest/customer/feedback';
const CPC = `${F}/resourceCpchandler`;

/** Spellings of `id` that a number parser takes and the API must not: one written form only. */
const spellings = (id: number): string[] => [
  `00${id}`,
  `+${id}`,
  `${id}.0`,
  `${id}.`,
  `0x${id.toString(16)}`,
  `${id}e0`,
  ` ${id}`,
  `${id} `,
  `${id}\t`,
];

/** Ids of paths, query strings and JSON bodies are written one way: '1' to '2147483647', JSON integers in bodies. */
describe.each(dialects())('the written form of ids on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let lead: number;
  let item: number;
  beforeAll(async () => {
    const customer = await customerIdOf(s.t.db, 'demo');
    [lead] = await insertFixtures(s.t.db, [leadRow(customer, 'feedback')]);
    [item] = await itemIdsOf(s.t.db, customer);
  });

  it('takes the canonical form', async () => {
    expect((await s.a.get(`${F}/feedbacks/${lead}`)).statusCode).toBe(200);
    expect((await s.a.get('/rest/customer/workbench/stats', { query: { itemId: String(item) } })).statusCode).toBe(200);
  });

  it('refuses every other spelling of an id in a path', async () => {
    for (const id of spellings(lead)) {
      const path = encodeURIComponent(id);
      expectError(await s.a.get(`${F}/feedbacks/${path}`), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.put(`${F}/feedbacks/${path}/read`), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.put(`/rest/customer/message/messages/${path}/read`), 400, MessageText.MessageNotFound);
    }
  });

  it('refuses every other spelling of an id in a query string', async () => {
    const urls = [
      '/rest/customer/workbench/stats',
      ...Object.values(leadListEndpoints)
        .map(({ path }) => path)
        .map((path) => `/rest${path}`),
    ];
    for (const itemId of spellings(item)) {
      for (const url of urls) expectError(await s.a.get(url, { query: { itemId } }), 400, PlatformMessage.ItemInvalid);
      const exportQuery = { startTime: '2021-01-01', endTime: '2021-01-02', itemId };
      expectError(await s.a.get(`/rest${leadExportEndpoints.feedback.path}`, { query: exportQuery }), 400, PlatformMessage.ItemInvalid);
    }
    for (const id of spellings(lead)) {
      expectError(await s.a.post(`${CPC}/delete`, undefined, { query: { id } }), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.post(`${CPC}/deleteBatch`, undefined, { query: { ids: id } }), 400, LeadApiMessage.IdInvalid);
    }
    expectError(await s.a.get('/rest/customer/platform/items/all', { query: { modeType: '0x1' } }), 400, PlatformMessage.ModeTypeInvalid);
    expectError(await s.a.get(`/rest${leadListEndpoints.resource.path}`, { query: { readStatus: '01' } }), 400, LeadApiMessage.ReadStatusInvalid);
  });

  it('takes JSON integers only in bodies', async () => {
    for (const id of [String(lead), ...spellings(lead), lead + 0.5, true]) {
      expectError(await s.a.put(`${F}/feedbacks/read`, { ids: [id] }), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.post(`${CPC}/delete`, { id }), 400, LeadApiMessage.IdInvalid);
      expectError(await s.a.put('/rest/customer/message/messages/deleteList', { ids: [id] }), 400, MessageText.MessageNotFound);
    }
    expect((await s.a.put(`${F}/feedbacks/read`, { ids: [lead] })).statusCode).toBe(200);
    expectError(await s.a.put(`${F}/feedbacks/read`, { ids: [] }), 400, LeadMessage.NothingSelectedList);
  });
});
