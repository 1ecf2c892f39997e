import { EcPermissionType, EcPushRemark, EcStyle, Edition, LIXIAO_EDITIONS } from '@portal/contracts/crm';

/** Texts of the account form (labels and required messages of the params come from ACCOUNT_FIELDS of @portal/contracts/crm). */
export const AccountText = {
  Edition: '版本',
  Sync: '开启同步',
  Save: '保存',
  Style: '设置方式',
  styleName: (style: string): string => (style === String(EcStyle.Two) ? '方式二' : '方式一'),
  ToggleStyle: '切换设置方式',
  Select: '请选择',
} as const;

/** Edition: '1' saas, '2' pro (spec 001 section 9). */
export const EDITION_OPTIONS = [
  { value: Edition.Saas, label: 'saas' },
  { value: Edition.Pro, label: 'pro' },
];

/** ec param8: 1 third-party push customer, 2 customer and fetch source info. */
export const PERMISSION_OPTIONS = [
  { value: String(EcPermissionType.ThirdPartyPush), label: '第三方推送客户' },
  { value: String(EcPermissionType.CustomerAndSource), label: '客户及获取来源信息' },
];

/** ec param6: push the remark, 1 yes, 0 no. */
export const PUSH_REMARK_OPTIONS = [
  { value: String(EcPushRemark.Yes), label: '是' },
  { value: String(EcPushRemark.No), label: '否' },
];

/** 励销 param4: the edition, shown with the API host it logs in on. */
export const LIXIAO_EDITION_OPTIONS = LIXIAO_EDITIONS.map((edition) => ({
  value: edition.value,
  label: `${edition.label}（${edition.host.replace('https://', '')}）`,
}));
