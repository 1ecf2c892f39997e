import { PHONE_PATTERN } from '@portal/contracts';
import { LEAD_KINDS } from '@portal/contracts/leads';
import { seededRandom as seeded } from './seed';
import { demoLeads, type DemoLeadOptions, SEED_LEAD_DAYS } from './seed-leads';

const NOW = Date.parse('2025-06-15T02:30:00.000Z'); // 10:30 in China
const options = (): DemoLeadOptions => ({
  customerId: 1,
  random: seeded(42),
  count: 2000,
  todayCount: 40,
  kinds: { resource: 0.5, feedback: 0.3, infoList: 0.2 },
  items: [
    { id: 1, title: '茶语时光奶茶加盟', active: true, modeType: null },
    { id: 2, title: '净衣坊干洗连锁', active: false, modeType: 1 },
  ],
  channels: [
    { id: 1, title: '百度竞价', channelType: 1 },
    { id: 2, title: '抖音信息流', channelType: 2 },
  ],
  staff: [{ id: 1, userName: '张丽' }],
  now: NOW,
});

describe('demo leads', () => {
  it('are the same for the same seed and time', () => {
    expect(demoLeads(options())).toEqual(demoLeads(options()));
  });

  it('span the last 90 days, oldest first, with the asked number today', () => {
    const leads = demoLeads(options());
    expect(leads).toHaveLength(2040);
    const times = leads.map((lead) => Date.parse(lead.createTime));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - SEED_LEAD_DAYS * 86_400_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    const chinaMidnight = Date.parse('2025-06-15T00:00:00+08:00');
    expect(times.filter((time) => time >= chinaMidnight).length).toBeGreaterThanOrEqual(40);
  });

  it('keep to the asked kinds and classify phones like ingestion does', () => {
    const leads = demoLeads(options());
    expect(new Set(leads.map((lead) => lead.listKind))).toEqual(new Set(['resource', 'feedback', 'infoList']));
    expect(LEAD_KINDS).toEqual(expect.arrayContaining([...new Set(leads.map((lead) => lead.listKind))]));
    for (const lead of leads) expect(lead.mobileStatus).toBe(PHONE_PATTERN.test(lead.mobile) ? 1 : 0);
    // Taken-down items get no leads in the last 20 days.
    const recent = leads.filter((lead) => Date.parse(lead.createTime) > NOW - 20 * 86_400_000);
    expect(recent.every((lead) => lead.itemId === 1)).toBe(true);
  });

  it('mark no lead pushed: a pushed lead is one the push worker delivered, with its push job and its receiver', () => {
    const leads = demoLeads(options());
    expect(leads.filter((lead) => lead.crmPushed !== 0)).toEqual([]);
    // Receivers and the CRM duplicate remark are still there (assigned and unassigned leads to show).
    expect(leads.some((lead) => lead.crmFollower !== null)).toBe(true);
    expect(leads.some((lead) => lead.remark === 'CRM中已存在该资源')).toBe(true);
  });
});
