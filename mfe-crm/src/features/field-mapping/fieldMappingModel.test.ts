import type { FieldMapping } from '@portal/contracts/crm';
import { mappingErrors, mergeUpdatedFields, productName, productOptions, rowsFromAnswer, toSaveBody } from './fieldMappingModel';

const field = (code: string, name: string, children: unknown[] = []) => ({ code, name, type: 'text', required: false, options: [], children });
const row = (crmFCode: string, change: Partial<FieldMapping['rows'][number]> = {}): FieldMapping['rows'][number] => ({
  crmFCode,
  crmFName: crmFCode,
  wyFCode: null,
  itemId: null,
  channelId: null,
  wyDefaultValue: null,
  wyDefaultBooleanValue: null,
  wyUseDefault: false,
  children: [],
  ...change,
});
const answer = (crmFields: FieldMapping['crmFields'], rows: FieldMapping['rows'] = []): FieldMapping => ({
  crmCode: 'ec',
  resType: 1,
  updatedAt: '2026-11-23 10:00:00',
  crmFields,
  rows,
});

describe('rowsFromAnswer', () => {
  it('lists every CRM field, unmapped, before the first save', () => {
    const rows = rowsFromAnswer(answer([field('a', '甲'), field('b', '乙', [field('b1', '乙一')])]));
    expect(rows.map((entry) => [entry.crmFCode, entry.wyFCode, entry.children.map((child) => child.crmFCode)])).toEqual([
      ['a', null, []],
      ['b', null, ['b1']],
    ]);
  });

  it('lists the saved rows alone, with the child fields the CRM has and the row has not, and forgets unknown product codes', () => {
    const rows = rowsFromAnswer(
      answer([field('a', '甲'), field('b', '乙', [field('b1', '乙一'), field('b2', '乙二')])], [row('b', { wyFCode: 'gone', children: [] })]),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ crmFCode: 'b', wyFCode: null, wyDefaultValue: '' });
    expect(rows[0].children.map((child) => child.crmFCode)).toEqual(['b1', 'b2']);
  });
});

test('mergeUpdatedFields keeps the edits, drops what the CRM no longer has and appends the new fields', () => {
  const current = rowsFromAnswer(answer([field('a', '甲'), field('b', '乙', [field('b1', '乙一')])], [row('a', { wyFCode: 'name' }), row('b')]));
  const merged = mergeUpdatedFields(current, answer([field('a', '甲（新）'), field('c', '丙')]));
  expect(merged.map((entry) => [entry.crmFCode, entry.crmFName, entry.wyFCode])).toEqual([
    ['a', '甲（新）', 'name'],
    ['c', '丙', null],
  ]);
});

test('toSaveBody sends a project only for 项目 and a default only when it is used; noSelect always uses it', () => {
  const [a, b, c] = rowsFromAnswer(answer([field('a', '甲'), field('b', '乙'), field('c', '丙')]));
  const rows = [
    { ...a, wyFCode: 'name' as const, itemId: 11, wyDefaultValue: '没用上' },
    { ...b, wyFCode: 'itemTitle' as const, itemId: 11 },
    { ...c, wyFCode: 'noSelect' as const, wyDefaultValue: ' 默认 ' },
  ];
  expect(mappingErrors(rows).size).toBe(0);
  expect(
    toSaveBody('ec', 2, rows).list.map(({ crmFCode, itemId, wyDefaultValue, wyUseDefault }) => ({ crmFCode, itemId, wyDefaultValue, wyUseDefault })),
  ).toEqual([
    { crmFCode: 'a', itemId: null, wyDefaultValue: null, wyUseDefault: false },
    { crmFCode: 'b', itemId: 11, wyDefaultValue: null, wyUseDefault: false },
    { crmFCode: 'c', itemId: null, wyDefaultValue: '默认', wyUseDefault: true },
  ]);
  expect(mappingErrors([{ ...c, wyFCode: 'noSelect', wyDefaultValue: '  ' }]).get('c')).toEqual({ wyDefaultValue: '请输入默认值' });
});

test('productOptions takes the static field list in its order and names, without codes the save refuses or repeats', () => {
  const options = productOptions([
    { wyFCode: 'noSelect', wyFName: '找不到选项' },
    { wyFCode: 'name', wyFName: '客户姓名' },
    { wyFCode: 'wechat', wyFName: '微信号' },
    { wyFCode: 'name', wyFName: '姓名（重复）' },
    { wyFCode: 'channel', wyFName: '' },
  ]);
  expect(options).toEqual([
    { value: 'noSelect', label: '找不到选项' },
    { value: 'name', label: '客户姓名' },
    { value: 'channel', label: 'channel' },
  ]);
  expect(productName(options, 'name')).toBe('客户姓名');
  expect(productName(options, 'mobile')).toBe('mobile');
  expect(productName(undefined, 'name')).toBe('name');
});
