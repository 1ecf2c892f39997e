import type { FieldMapping } from '@portal/contracts/crm';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { FieldMappingList, type FieldMappingListProps } from './FieldMappingList';
import { type CrmFieldInfo, mappingErrors, productOptions, rowsFromAnswer } from './fieldMappingModel';

const field = (code: string, name: string, change: Partial<CrmFieldInfo> = {}): CrmFieldInfo => ({
  code,
  name,
  type: 'text',
  required: false,
  options: [],
  children: [],
  ...change,
});

const crmFields: CrmFieldInfo[] = [
  field('customer_name', '客户名称', { required: true }),
  field('mobile', '手机', { type: 'phone', required: true }),
  field('intent', '意向项目', {
    type: 'option',
    options: [
      { value: 'o1', text: '餐饮加盟' },
      { value: 'o2', text: '教育培训' },
    ],
  }),
  field('level', '客户等级', {
    type: 'option',
    options: [
      { value: 'A', text: 'A级' },
      { value: 'B', text: 'B级' },
    ],
  }),
  field('address', '地址', { children: [field('addr_province', '省份'), field('addr_detail', '详细地址')] }),
];

const savedRow = (crmFCode: string, crmFName: string, change: Partial<FieldMapping['rows'][number]> = {}): FieldMapping['rows'][number] => ({
  crmFCode,
  crmFName,
  wyFCode: null,
  itemId: null,
  channelId: null,
  wyDefaultValue: null,
  wyDefaultBooleanValue: null,
  wyUseDefault: false,
  children: [],
  ...change,
});

const rows = rowsFromAnswer({
  crmCode: 'lixiao',
  resType: 1,
  updatedAt: '2026-11-23 10:00:00',
  crmFields,
  rows: [
    savedRow('customer_name', '客户名称', { wyFCode: 'name' }),
    savedRow('mobile', '手机', { wyFCode: 'mobile' }),
    savedRow('intent', '意向项目', { wyFCode: 'itemTitle', itemId: 1 }),
    savedRow('level', '客户等级', { wyFCode: 'noSelect', wyDefaultValue: 'B', wyUseDefault: true }),
    savedRow('address', '地址', { wyFCode: 'address' }),
  ],
});

/** The product fields as the CRM's static field list (crmstaticfield/listByCrmCode) answers them. */
const productFields = productOptions([
  { wyFCode: 'name', wyFName: '姓名' },
  { wyFCode: 'mobile', wyFName: '电话' },
  { wyFCode: 'itemTitle', wyFName: '项目' },
  { wyFCode: 'channel', wyFName: '渠道' },
  { wyFCode: 'resType', wyFName: '资源类型' },
  { wyFCode: 'province', wyFName: '省份' },
  { wyFCode: 'city', wyFName: '城市' },
  { wyFCode: 'address', wyFName: '地址' },
  { wyFCode: 'noSelect', wyFName: '找不到选项' },
]);

const items = [
  { id: 1, title: '全国加盟项目', status: 1 },
  { id: 2, title: '华东推广项目', status: 1 },
  { id: 3, title: '停投项目', status: -1 },
];

/** The list with its own state, as the tab holds it. */
function EditableList(props: FieldMappingListProps) {
  const [list, setList] = useState(props.rows);
  const [openKeys, setOpenKeys] = useState(props.openKeys);
  return (
    <FieldMappingList
      {...props}
      rows={list}
      openKeys={openKeys}
      onOpenKeysChange={setOpenKeys}
      onChange={(next) => setList(list.map((row) => (row.crmFCode === next.crmFCode ? next : row)))}
      onRemove={(code) => setList(list.filter((row) => row.crmFCode !== code))}
    />
  );
}

const meta = {
  title: 'mfe-crm/field-mapping/FieldMappingList',
  component: FieldMappingList,
  args: {
    rows,
    crmFields,
    productFields,
    items,
    openKeys: ['intent', 'level'],
    onOpenKeysChange: () => undefined,
    onChange: () => undefined,
    onRemove: () => undefined,
  },
  render: (args) => <EditableList {...args} />,
} satisfies Meta<typeof FieldMappingList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Required CRM fields marked; 项目 then a project (inactive ones disabled); 找不到选项 sends a default, a CRM option for option fields; 地址 with its child fields. */
export const Mapped: Story = {};

/** Right after the first 更新数据: every CRM field, nothing mapped yet. */
export const Unmapped: Story = {
  args: { rows: rowsFromAnswer({ crmCode: 'lixiao', resType: 1, updatedAt: '2026-11-23 10:00:00', crmFields, rows: [] }), openKeys: [] },
};

const unfinished = rows.map((row) =>
  row.crmFCode === 'intent' ? { ...row, itemId: null } : row.crmFCode === 'level' ? { ...row, wyDefaultValue: '' } : row,
);

/** 保存 refused: 项目 without a project and 找不到选项 without a default, their panels opened. */
export const Refused: Story = {
  args: { rows: unfinished, errors: mappingErrors(unfinished), openKeys: ['intent', 'level'] },
};

/** The static field list still loading: the product field pickers disabled, the headers naming the choices by code. */
export const ProductFieldsLoading: Story = {
  args: { productFields: undefined, productFieldsLoading: true },
};
