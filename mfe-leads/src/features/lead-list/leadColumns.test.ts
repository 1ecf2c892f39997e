import { RESOURCE_LIST } from '../resource/resourceList';
import { leadColumns, type LeadColumnContext } from './leadColumns';

const context: LeadColumnContext = { rows: [], showPageUrl: true, renderRemark: () => null, renderActions: () => null };
const layout = (compact: boolean) => leadColumns(RESOURCE_LIST.columns, { ...context, compact }).map((column) => [column.key, column.fixed ?? null]);

describe('lead list columns', () => {
  it("keep the spec's order on a wide screen, 操作 and 落地页 pinned at the right", () => {
    expect(layout(false)).toEqual([
      ['itemTitle', null],
      ['name', null],
      ['mobile', null],
      ['mobileStatus', null],
      ['other', null],
      ['searchWord', null],
      ['region', null],
      ['resType', null],
      ['otherInfo', null],
      ['createTime', null],
      ['crmFollower', null],
      ['descrip', null],
      ['remark', null],
      ['actions', 'right'],
      ['pageUrl', 'right'],
    ]);
  });

  it('on a phone pin 姓名 left and 操作 right, with 电话, 创建时间 and 接收人 first between them', () => {
    const columns = layout(true);
    expect(columns.slice(0, 4)).toEqual([
      ['name', 'left'],
      ['mobile', null],
      ['createTime', null],
      ['crmFollower', null],
    ]);
    expect(columns.at(-1)).toEqual(['actions', 'right']);
    // Nothing else is pinned (落地页 scrolls with the rest), and no column is lost.
    expect(columns.filter(([, fixed]) => fixed !== null)).toHaveLength(2);
    expect(columns.map(([key]) => key).sort()).toEqual(
      layout(false)
        .map(([key]) => key)
        .sort(),
    );
  });
});
