import { LEAD_FAMILY_KINDS, LEAD_KINDS, leadFamilyOf } from '../leads/kinds';
import { kindsListedBy, LEAD_LIST_KINDS, LIST_SHOWN_KINDS, listShowingKind, listUnreadCounts } from './types';

describe('the lead lists and the stores they show', () => {
  it('shows every stored kind on exactly one of the four list pages', () => {
    expect(Object.keys(LIST_SHOWN_KINDS).sort()).toEqual([...LEAD_LIST_KINDS].sort());
    const shown = Object.values(LIST_SHOWN_KINDS).flat();
    expect([...shown].sort()).toEqual([...LEAD_KINDS].sort());
    expect(LEAD_KINDS.map(listShowingKind)).toEqual(['feedback', 'infoList', 'resource', 'baiList', 'infoList', 'resource', 'feedback']);
    expect(listShowingKind('nosuchkind')).toBeUndefined();
  });

  it('a list GET answers the kinds its page shows; a store with its own GET only itself', () => {
    expect(kindsListedBy('feedback')).toEqual(['feedback', 'cpc']);
    expect(kindsListedBy('resource')).toEqual(['resource', 'distribution']);
    expect(kindsListedBy('cpc')).toEqual(['cpc']);
    expect(kindsListedBy('todayHeader')).toEqual(['todayHeader']);
  });

  it("sums each list's unread counter over the kinds it shows", () => {
    expect(listUnreadCounts({ feedback: 1, infoList: 2, resource: 3, baiList: 4, todayHeader: 10, distribution: 20, cpc: 30 })).toEqual({
      feedback: 31,
      infoList: 12,
      resource: 23,
      baiList: 4,
    });
  });

  it('acts on each kind through exactly one family of calls', () => {
    expect([...Object.values(LEAD_FAMILY_KINDS).flat()].sort()).toEqual([...LEAD_KINDS].sort());
    expect(LEAD_KINDS.map(leadFamilyOf)).toEqual([
      'feedbacks',
      'feedbacks',
      'resource',
      'baiduFlow',
      'todayHeaderFlow',
      'resourceDistribution',
      'resourceCpc',
    ]);
  });
});
