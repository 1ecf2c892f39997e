import { checkItemRules, checkRules, rulesFromAnswer, withoutGoneGroups } from './rulesModel';

const saved = rulesFromAnswer({
  type: 1,
  areaRuleList: [
    { acceptGroupId: 1, crmCode: 'ec', provinceList: ['北京'] },
    { acceptGroupId: 2, crmCode: 'ec', provinceList: ['北京', '上海'] },
  ],
  channelTypeRuleList: [{ acceptGroupId: 2, crmCode: 'ec', channelType: 1 }],
});

test("checkRules refuses what the server's schema refuses, on the row it concerns", () => {
  const checked = checkRules('ec', saved);
  expect(checked.body).toBeUndefined();
  expect([...(checked.errors?.values() ?? [])]).toEqual([{ provinceList: '同一省份只能属于一条规则' }]);
  expect(checked.errors?.has(saved.areaRows[1].key)).toBe(true);
});

test('checkRules sends only the rows of the chosen type', () => {
  expect(checkRules('ec', { ...saved, type: 2 }).body).toEqual({
    crmCode: 'ec',
    type: 2,
    areaRuleList: [],
    channelTypeRuleList: [{ acceptGroupId: 2, channelType: 1 }],
  });
});

test('withoutGoneGroups empties the group of the rows whose group was deleted', () => {
  const next = withoutGoneGroups(saved, [{ id: 1, name: '一组' }]);
  expect(next.areaRows.map((row) => row.acceptGroupId)).toEqual([1, null]);
  expect(next.channelRows.map((row) => row.acceptGroupId)).toEqual([null]);
});

test('checkItemRules takes an empty daily cap as unlimited and refuses the other empty numbers', () => {
  const row = {
    key: 'item-1',
    itemId: 1,
    itemName: '项目',
    crmFCode: null,
    crmFName: null,
    dataNum: 1,
    dataNumLimit: null,
    distributeNum: 0,
    sort: 0,
  };
  expect(checkItemRules('ec', [row]).body?.list).toEqual([
    { itemId: 1, crmFCode: null, crmFName: null, dataNum: 1, dataNumLimit: null, distributeNum: 0, sort: 0 },
  ]);
  expect(checkItemRules('ec', [{ ...row, dataNum: null, sort: 1.5 }]).errors?.get('item-1')).toEqual({ dataNum: '请输入数字', sort: '请输入数字' });
});
