import { ingestLeadSchema, LEAD_KINDS } from '@portal/contracts';
import { randomLead } from './demo-traffic';

describe('demo traffic', () => {
  it('sends leads the ingestion call accepts, across the main lists', () => {
    const target = {
      items: [{ id: 3, title: '茶语时光奶茶加盟' }],
      channels: [
        { id: 1, title: '百度竞价', channelType: 1 },
        { id: 2, title: '抖音信息流', channelType: 2 },
      ],
    };
    const leads = Array.from({ length: 300 }, () => randomLead(target));
    for (const lead of leads) expect(ingestLeadSchema.safeParse(lead).error?.issues).toBeUndefined();
    const kinds = new Set(leads.map((lead) => lead.listKind));
    expect([...kinds].every((kind) => LEAD_KINDS.includes(kind))).toBe(true);
    expect(kinds.has('resource') && kinds.has('feedback') && kinds.has('infoList')).toBe(true);
  });
});
