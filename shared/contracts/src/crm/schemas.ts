import { z } from 'zod';
import { chinaDate, dayRangeCheck } from '../common/date';
import { optionalQueryParam, queryInt } from '../common/query';
import { paginationQuerySchema } from '../common/pagination';
import { CRM_CODES, type CrmCode } from './enums';

/**
 * CRM push settings and the push log (spec 001 sections 2-9, CRM_APIS.md): the request and
 * answer schemas of every `/rest/es/...` CRM call, with the spec's Chinese messages. A subpath
 * (`@portal/contracts/crm`), not the main index: the login page must not carry them.
 */

/** CRM account edition: '1' saas, '2' pro. */
export const Edition = { Saas: '1', Pro: '2' } as const;
/**
 * 励销's editions, each with its own API host (CRM_APIS_REVIEW L1, from apidoc.weiwenjia.com): the
 * account's param4 holds the key; the connection test logs in on that host, so a wrong pick fails it.
 */
export const LIXIAO_EDITIONS = [
  { value: 'dingtalk', label: '钉钉版', host: 'https://dingtalk.e.ikcrm.com' },
  { value: 'wecom', label: '企微版', host: 'https://e.lixiaocrm.com' },
  { value: 'standalone', label: '独立版', host: 'https://lxcrm.weiwenjia.com' },
] as const;
export type LixiaoEdition = (typeof LIXIAO_EDITIONS)[number]['value'];
/** The API host of a 励销 edition key; undefined for anything else. */
export const lixiaoHostOf = (edition: string | null | undefined): string | undefined => LIXIAO_EDITIONS.find((item) => item.value === edition)?.host;

/** ec permission type (param8). Only type 2 can push region. */
export const EcPermissionType = { ThirdPartyPush: 1, CustomerAndSource: 2 } as const;
/** ec push remark (param6). */
export const EcPushRemark = { Yes: 1, No: 0 } as const;
/** ec setting style (param10). */
export const EcStyle = { One: 1, Two: 2 } as const;

/** Distribution type. */
export const DistributionType = { Unlimited: 0, ByRegion: 1, ByChannelType: 2 } as const;
export const DISTRIBUTION_TYPE_LABELS: Record<number, string> = { 0: '不限', 1: '按资源地域', 2: '按渠道类型' };

/** The seven regions grouping provinces on the distribution rule page. */
export const REGIONS = ['华北', '东北', '华东', '华中', '华南', '西南', '西北'] as const;

/** Per-project rule row defaults. */
export const RULE_ROW_DEFAULTS = { dataNum: 1, distributeNum: 0, sort: 0 } as const;

const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/** Texts of the CRM settings screens and calls. */
export const CrmMessage = {
  CrmCodeInvalid: 'CRM类型不正确',
  EditionRequired: '请选择版本',
  SyncInvalid: '同步开关不正确',
  StyleInvalid: '设置方式不正确',
  ParamTooLong: '内容过长',
  SaveSucceeded: '保存成功！',
  SaveFailed: '保存失败',
  UpdateSucceeded: '更新成功',
  SyncSucceeded: '同步成功！',
  DeleteConfirm: '确定要删除吗?',
  DeleteCancelled: '已取消删除',
  NoProjects: '该账号暂无项目',
  /** The ec CorpID change confirmation. */
  CorpIdChangeConfirm: '修改CorpID将清空之前的配置，确定要修改吗？',
  /** Saving a changed account clears the earlier configuration. */
  AccountChangeConfirm: '修改账号将清空之前的配置，确定要修改吗？',
  AccountNotConfigured: '请先完成CRM推送设置',
  AccountVerifyFailed: 'CRM账号验证失败，请检查账号信息',
  CrmUnavailable: 'CRM服务暂时不可用，请稍后再试',
  ProvinceTaken: '同一省份只能属于一条规则',
  AcceptGroupRequired: '请选择接收组',
  AcceptGroupNotFound: '接收组不存在',
  AcceptGroupNameRequired: '请输入分组名称',
  AcceptGroupNameDuplicate: '分组名称不能重复',
  ChannelTypeRequired: '请选择渠道类型',
  ChannelTypeTaken: '同一渠道类型只能属于一条规则',
  ProvinceRequired: '请选择省份',
  NumberInvalid: '请输入数字',
  ItemNotFound: '项目不存在',
  ChannelNotFound: '渠道不存在',
  FieldInvalid: '字段映射不正确',
  FieldNotFound: 'CRM字段不存在，请先更新数据',
  UserRequired: '请选择创建人',
  UserNotFound: '人员不存在，请先同步',
  TemplateRequired: '请选择模板',
  TemplateNotFound: '模板不存在，请先更新数据',
  TooMany: '数量过多',
  PushNotFound: '推送记录不存在',
  PushNotRetryable: '只有失败的推送可以重新推送',
  RetryQueued: '已重新加入推送队列',
  ConnectionResumed: '已恢复推送',
  ThirdPushQueued: '已提交推送',
} as const;

/** The shown value of a stored secret: saving it back keeps the stored one. */
export const SECRET_MASK = '******';

export const PARAM_KEYS = ['param1', 'param2', 'param3', 'param4', 'param5', 'param6', 'param7', 'param8', 'param9', 'param10'] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];
export const PARAM_MAX = 200;

/** Params answered masked (passwords, secrets, tokens). */
export const SECRET_PARAMS: Record<CrmCode, readonly ParamKey[]> = {
  ec: ['param3'],
  lixiao: ['param3'],
  xbb: ['param2'],
  huoban: ['param2'],
};

/**
 * Params that name the CRM tenant: changing one of them clears the earlier configuration
 * (mapping, labels, rules, discovered fields, template, notice creator).
 */
export const IDENTITY_PARAMS: Record<CrmCode, readonly ParamKey[]> = {
  ec: ['param1'],
  lixiao: ['param1', 'param4'],
  xbb: ['param1'],
  huoban: ['param1', 'param4'],
};

interface ParamRule {
  key: ParamKey;
  /** The form label. */
  label: string;
  /** The required message ('请输入...'); absent: optional. */
  required?: string;
}

/**
 * The account form of each CRM (spec 001 sections 3 and 5): labels and required messages per
 * param. ec depends on its style (param10): style 1 needs CorpID, AppID and AppSecret; style 2
 * the permission type, CorpID, token, operator and follow-up ids and push remark.
 */
export const ACCOUNT_FIELDS: Record<'ec1' | 'ec2' | 'lixiao' | 'xbb' | 'huoban', readonly ParamRule[]> = {
  ec1: [
    { key: 'param1', label: 'CorpID', required: '请输入CorpID' },
    { key: 'param2', label: 'AppID', required: '请输入AppID' },
    { key: 'param3', label: 'AppSecret', required: '请输入AppSecret' },
    { key: 'param4', label: '操作人ID' },
    { key: 'param5', label: '跟进人ID' },
    { key: 'param6', label: '是否推送备注' },
    { key: 'param7', label: '来源名称' },
    { key: 'param9', label: '来源ID' },
  ],
  ec2: [
    { key: 'param8', label: '权限类型', required: '请选择权限类型' },
    { key: 'param1', label: 'CorpID', required: '请输入CorpID' },
    { key: 'param2', label: 'Token名称', required: '请输入Token名称' },
    { key: 'param3', label: 'Token', required: '请输入Token' },
    { key: 'param4', label: '操作人ID', required: '请输入操作人ID' },
    { key: 'param5', label: '跟进人ID', required: '请输入跟进人ID' },
    { key: 'param6', label: '是否推送备注', required: '请选择是否推送备注' },
    { key: 'param7', label: '来源名称' },
    { key: 'param9', label: '来源ID' },
  ],
  lixiao: [
    { key: 'param1', label: '企业ID', required: '请输入企业ID' },
    { key: 'param2', label: '登录手机号', required: '请输入登录手机号' },
    { key: 'param3', label: '密码', required: '请输入密码' },
    { key: 'param4', label: '励销版本', required: '请选择励销版本' },
  ],
  xbb: [
    { key: 'param1', label: 'corpid', required: '请输入corpid' },
    { key: 'param2', label: 'Token', required: '请输入Token' },
    { key: 'param3', label: '客户表单ID', required: '请输入客户表单ID' },
    { key: 'param4', label: '操作人ID', required: '请输入操作人ID' },
  ],
  huoban: [
    { key: 'param1', label: '应用ID', required: '请输入应用ID' },
    { key: 'param2', label: 'Secret', required: '请输入Secret' },
    { key: 'param3', label: '人员表ID', required: '请输入人员表ID' },
    { key: 'param4', label: '资源表ID', required: '请输入资源表ID' },
    { key: 'param5', label: '资源负责人字段名', required: '请输入资源负责人字段名' },
    { key: 'param6', label: '客资来源字段名' },
    { key: 'param7', label: '标签字段名' },
  ],
};

/** The form of an account: ec by style. */
export const accountFieldsOf = (crmCode: CrmCode, style?: string | number | null): readonly ParamRule[] =>
  crmCode === 'ec' ? (String(style) === String(EcStyle.Two) ? ACCOUNT_FIELDS.ec2 : ACCOUNT_FIELDS.ec1) : ACCOUNT_FIELDS[crmCode];

const crmCode = z.enum(CRM_CODES, { error: CrmMessage.CrmCodeInvalid });
/** `?crmCode=` of the settings calls. */
export const crmCodeQuerySchema = z.object({ crmCode });

const param = z
  .string({ error: CrmMessage.ParamTooLong })
  .max(PARAM_MAX, { error: CrmMessage.ParamTooLong })
  .refine(hasNoNul, { error: CrmMessage.ParamTooLong })
  .optional();

/**
 * POST /es/crmaccountsetting/post, form-encoded (every value a string). `sync` '1' turns pushing
 * on. A secret sent as SECRET_MASK keeps the stored one.
 */
export const accountFormSchema = z
  .object({
    id: optionalQueryParam(queryInt(CrmMessage.CrmCodeInvalid, 1, 2_147_483_647)),
    crmCode,
    edition: z.enum([Edition.Saas, Edition.Pro], { error: CrmMessage.EditionRequired }),
    sync: z.enum(['0', '1'], { error: CrmMessage.SyncInvalid }).default('0'),
    channelSourceName: param,
    param1: param,
    param2: param,
    param3: param,
    param4: param,
    param5: param,
    param6: param,
    param7: param,
    param8: param,
    param9: param,
    param10: param,
  })
  .superRefine((form, ctx) => {
    if (form.crmCode === 'ec' && form.param10 !== undefined && form.param10 !== '' && !['1', '2'].includes(form.param10)) {
      ctx.addIssue({ code: 'custom', path: ['param10'], message: CrmMessage.StyleInvalid });
      return;
    }
    for (const rule of accountFieldsOf(form.crmCode, form.param10)) {
      if (rule.required && !form[rule.key]?.trim()) ctx.addIssue({ code: 'custom', path: [rule.key], message: rule.required });
    }
    if (form.crmCode === 'lixiao' && form.param4?.trim() && lixiaoHostOf(form.param4) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['param4'], message: '请选择励销版本' });
    }
    if (form.crmCode === 'ec') {
      if (form.param6 && !['0', '1'].includes(form.param6)) ctx.addIssue({ code: 'custom', path: ['param6'], message: '请选择是否推送备注' });
      if (form.param8 && !['1', '2'].includes(form.param8)) ctx.addIssue({ code: 'custom', path: ['param8'], message: '请选择权限类型' });
    }
  });
export type AccountForm = z.input<typeof accountFormSchema>;

/** The four setup steps (spec 001 section 2): account, info (source and field), scheduling, sync. */
export const setupStepsSchema = z.object({ account: z.boolean(), info: z.boolean(), schedule: z.boolean(), sync: z.boolean() });

/** The push connection of an account: paused after a run of failures, until a retry succeeds or the customer resumes it. */
export const connectionSchema = z.object({
  paused: z.boolean(),
  consecutiveFailures: z.number(),
  pausedAt: z.string().nullable(),
  /** Jobs waiting or retrying. */
  pending: z.number(),
  /** Jobs refused or given up. */
  failed: z.number(),
});
export type CrmConnection = z.infer<typeof connectionSchema>;

/** data of GET /es/crmaccountsetting/getByUser?crmCode: the account (secrets masked), null when none. */
export const accountSchema = z.object({
  id: z.number(),
  crmCode,
  createTime: z.string(),
  creater: z.string(),
  edition: z.string(),
  sync: z.number(),
  channelSourceName: z.string(),
  param1: z.string(),
  param2: z.string(),
  param3: z.string(),
  param4: z.string(),
  param5: z.string(),
  param6: z.string(),
  param7: z.string(),
  param8: z.string(),
  param9: z.string(),
  param10: z.string(),
  steps: setupStepsSchema,
  connection: connectionSchema,
});
export type CrmAccount = z.infer<typeof accountSchema>;

/** A channel source of a CRM (sources tab, syncEcV2ChannelSource). */
export const crmSourceSchema = z.object({ id: z.number(), sourceCode: z.string(), sourceName: z.string() });

/** A CRM staff member (crmuser/list4Creater, crmuser/synchro). */
export const crmStaffSchema = z.object({ id: z.number(), crmUserId: z.string(), userName: z.string(), phone: z.string(), deptName: z.string() });

/** The ec message-notice creator (crmcreater/getByUser). */
export const creatorSchema = z.object({ id: z.number(), userId: z.string(), userName: z.string(), account: z.string() });

/** POST /es/crmcreater/post, form-encoded. */
export const creatorFormSchema = z.object({
  id: param,
  token: param,
  crmCode,
  userId: z
    .string({ error: CrmMessage.UserRequired })
    .min(1, { error: CrmMessage.UserRequired })
    .max(64, { error: CrmMessage.UserRequired })
    .refine(hasNoNul),
  userName: z
    .string({ error: CrmMessage.UserRequired })
    .min(1, { error: CrmMessage.UserRequired })
    .max(50, { error: CrmMessage.ParamTooLong })
    .refine(hasNoNul),
});

// ---------------------------------------------------------------------------------------------
// Field mapping

/** The kinds of a CRM field (what its value is). */
export const CRM_FIELD_TYPES = ['text', 'number', 'date', 'phone', 'option', 'options', 'user'] as const;
export type CrmFieldTypeName = (typeof CRM_FIELD_TYPES)[number];

/** Mapping type selector: form (1) and smart chat (2). */
export const MappingResType = { Form: 1, SmartChat: 2 } as const;

/**
 * The product side of a mapping (`wyFCode`): a lead field, or one of the special choices
 * (spec 001 section 2): itemTitle (then a project), channel, resType, noSelect ('找不到选项': the
 * default value is sent).
 */
export const PRODUCT_FIELDS = [
  { code: 'name', name: '姓名', type: 'text' },
  { code: 'mobile', name: '电话', type: 'phone' },
  { code: 'itemTitle', name: '项目', type: 'option' },
  { code: 'channel', name: '渠道', type: 'option' },
  { code: 'resType', name: '资源类型', type: 'option' },
  { code: 'province', name: '省份', type: 'text' },
  { code: 'city', name: '城市', type: 'text' },
  { code: 'region', name: '地区', type: 'text' },
  { code: 'searchWord', name: '搜索词', type: 'text' },
  { code: 'createTime', name: '提交时间', type: 'date' },
  { code: 'remark', name: '备注', type: 'text' },
  { code: 'qq', name: 'QQ', type: 'text' },
  { code: 'address', name: '地址', type: 'text' },
  { code: 'content', name: '留言内容', type: 'text' },
  { code: 'ipArea', name: 'IP归属地', type: 'text' },
  { code: 'pageUrl', name: '落地页', type: 'text' },
  { code: 'noSelect', name: '找不到选项', type: 'text' },
] as const;
export type ProductFieldCode = (typeof PRODUCT_FIELDS)[number]['code'];
export const PRODUCT_FIELD_CODES = PRODUCT_FIELDS.map((field) => field.code) as unknown as readonly [ProductFieldCode, ...ProductFieldCode[]];

/** A product field of the static list (wystaticfield/listAll, crmstaticfield/listByCrmCode). */
export const staticFieldSchema = z.object({ wyFCode: z.string(), wyFName: z.string(), wyFType: z.string() });

export const crmOptionSchema = z.object({ value: z.string(), text: z.string() });

const shortText = (max: number) =>
  z.string({ error: CrmMessage.FieldInvalid }).max(max, { error: CrmMessage.FieldInvalid }).refine(hasNoNul, { error: CrmMessage.FieldInvalid });
const optionalId = z
  .number({ error: CrmMessage.FieldInvalid })
  .int({ error: CrmMessage.FieldInvalid })
  .min(1)
  .max(2_147_483_647)
  .nullable()
  .optional();

/** One child row of a mapping (a CRM sub-field mapped on its own). */
export const fieldMappingChildSchema = z.object({
  crmFCode: shortText(100).min(1, { error: CrmMessage.FieldInvalid }),
  crmFName: shortText(100).optional(),
  wyFChildCode: z.enum(PRODUCT_FIELD_CODES, { error: CrmMessage.FieldInvalid }).nullable().optional(),
  wyDefaultValue: shortText(200).nullable().optional(),
  wyUseDefault: z.boolean({ error: CrmMessage.FieldInvalid }).optional(),
});

/**
 * One row of the field mapping (spec 001 section 3 "Field mapping row"): a CRM field and the
 * product field that fills it. Answers carry the CRM side as discovered (type, options,
 * children); a save sends the product side.
 */
export const fieldMappingRowSchema = z.object({
  crmFCode: shortText(100).min(1, { error: CrmMessage.FieldInvalid }),
  crmFName: shortText(100).optional(),
  /** The product field, or null: not mapped. */
  wyFCode: z.enum(PRODUCT_FIELD_CODES, { error: CrmMessage.FieldInvalid }).nullable().optional(),
  /** itemTitle: the project whose leads this row applies to. */
  itemId: optionalId,
  channelId: optionalId,
  wyDefaultValue: shortText(200).nullable().optional(),
  wyDefaultBooleanValue: z.boolean({ error: CrmMessage.FieldInvalid }).nullable().optional(),
  wyUseDefault: z.boolean({ error: CrmMessage.FieldInvalid }).optional(),
  children: z.array(fieldMappingChildSchema).max(50, { error: CrmMessage.TooMany }).optional(),
});
export type FieldMappingRowInput = z.input<typeof fieldMappingRowSchema>;

/** POST /es/fieldmapping/post (JSON): the mapping of one CRM and resType, replacing the saved one. */
export const fieldMappingSaveSchema = z.object({
  crmCode,
  resType: z.union([z.literal(MappingResType.Form), z.literal(MappingResType.SmartChat)], { error: CrmMessage.FieldInvalid }),
  list: z
    .array(fieldMappingRowSchema, { error: CrmMessage.NoProjects })
    .min(1, { error: CrmMessage.NoProjects })
    .max(500, { error: CrmMessage.TooMany }),
});
/** POST /es/crmfieldmapping/post (the ec-only legacy variant: crmCode is ec). */
export const crmFieldMappingSaveSchema = fieldMappingSaveSchema.omit({ crmCode: true });

const crmFieldAnswer: z.ZodType<{
  code: string;
  name: string;
  type: string;
  required: boolean;
  options: Array<{ value: string; text: string }>;
  children: unknown[];
}> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: z.string(),
    required: z.boolean(),
    options: z.array(crmOptionSchema),
    children: z.array(crmFieldAnswer),
  }),
);

/** data of GET /es/fieldmapping/getByUser?crmCode[&resType]: the CRM's fields (as discovered) and the saved rows. */
export const fieldMappingSchema = z.object({
  crmCode,
  resType: z.number(),
  /** When 'update data' last ran; null: never (the list is empty until then). */
  updatedAt: z.string().nullable(),
  crmFields: z.array(crmFieldAnswer),
  rows: z.array(
    z.object({
      crmFCode: z.string(),
      crmFName: z.string(),
      wyFCode: z.string().nullable(),
      itemId: z.number().nullable(),
      channelId: z.number().nullable(),
      wyDefaultValue: z.string().nullable(),
      wyDefaultBooleanValue: z.boolean().nullable(),
      wyUseDefault: z.boolean(),
      children: z.array(
        z.object({
          crmFCode: z.string(),
          crmFName: z.string(),
          wyFChildCode: z.string().nullable(),
          wyDefaultValue: z.string().nullable(),
          wyUseDefault: z.boolean(),
        }),
      ),
    }),
  ),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;
export const fieldMappingQuerySchema = z.object({
  crmCode,
  resType: optionalQueryParam(z.enum(['1', '2'], { error: CrmMessage.FieldInvalid }).transform(Number)),
});
export const resTypeQuerySchema = fieldMappingQuerySchema.omit({ crmCode: true });

/** ec template mapping: our type (1 form, 2 smart chat) to a CRM template. */
export const templateMappingSchema = z.object({ id: z.number(), crmCode, crmTemplateId: z.string(), type: z.number() });
export const crmTemplateSchema = z.object({ id: z.string(), name: z.string() });
/** POST /es/crmtemplatemapping/post, form-encoded. */
export const templateMappingFormSchema = z.object({
  crmTemplateId: z
    .string({ error: CrmMessage.TemplateRequired })
    .min(1, { error: CrmMessage.TemplateRequired })
    .max(64, { error: CrmMessage.TemplateRequired })
    .refine(hasNoNul),
  type: z.enum(['1', '2'], { error: CrmMessage.FieldInvalid }).transform(Number),
});

// ---------------------------------------------------------------------------------------------
// Label mapping

/** One label mapping row: a CRM class to a project and a channel, for a resType 0 unlimited, 1 form, 2 smart chat. */
export const labelMappingRowSchema = z.object({
  classId: shortText(64).min(1, { error: CrmMessage.FieldInvalid }),
  className: shortText(100).optional(),
  itemId: z.number({ error: CrmMessage.ItemNotFound }).int().min(1).max(2_147_483_647),
  channelId: optionalId,
  resType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: CrmMessage.FieldInvalid }),
});
export const labelMappingSaveSchema = z.object({ crmCode, list: z.array(labelMappingRowSchema).max(500, { error: CrmMessage.TooMany }) });
export const labelMappingSchema = z.object({
  updatedAt: z.string().nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string() })),
  rows: z.array(z.object({ classId: z.string(), className: z.string(), itemId: z.number(), channelId: z.number().nullable(), resType: z.number() })),
});

// ---------------------------------------------------------------------------------------------
// Distribution rules and accept groups

/** The provinces of each of the seven regions (distribution by resource region). */
export const REGION_PROVINCES: Record<(typeof REGIONS)[number], readonly string[]> = {
  华北: ['北京', '天津', '河北', '山西', '内蒙古'],
  东北: ['辽宁', '吉林', '黑龙江'],
  华东: ['上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '台湾'],
  华中: ['河南', '湖北', '湖南'],
  华南: ['广东', '广西', '海南', '香港', '澳门'],
  西南: ['重庆', '四川', '贵州', '云南', '西藏'],
  西北: ['陕西', '甘肃', '青海', '宁夏', '新疆'],
};
export const PROVINCES = Object.values(REGION_PROVINCES).flat();
/** Channel types of the rule rows: 1 bidding, 2 information feed. */
export const ChannelType = { Bidding: 1, InfoFeed: 2 } as const;
export const CHANNEL_TYPE_LABELS: Record<number, string> = { 1: '竞价', 2: '信息流' };

const acceptGroupId = z
  .number({ error: CrmMessage.AcceptGroupRequired })
  .int({ error: CrmMessage.AcceptGroupRequired })
  .min(1, { error: CrmMessage.AcceptGroupRequired })
  .max(2_147_483_647);
export const RULE_ROWS_MAX = 100;

/** POST /es/distributerule/saveList (JSON): the type and its rows; a province in one row only. */
export const distributeRuleSaveSchema = z
  .object({
    crmCode,
    type: z.union([z.literal(DistributionType.Unlimited), z.literal(DistributionType.ByRegion), z.literal(DistributionType.ByChannelType)], {
      error: CrmMessage.FieldInvalid,
    }),
    areaRuleList: z
      .array(
        z.object({
          acceptGroupId,
          provinceList: z
            .array(z.enum(PROVINCES as [string, ...string[]], { error: CrmMessage.ProvinceRequired }), { error: CrmMessage.ProvinceRequired })
            .min(1, { error: CrmMessage.ProvinceRequired })
            .max(PROVINCES.length),
        }),
      )
      .max(RULE_ROWS_MAX, { error: CrmMessage.TooMany })
      .default([]),
    channelTypeRuleList: z
      .array(z.object({ acceptGroupId, channelType: z.union([z.literal(1), z.literal(2)], { error: CrmMessage.ChannelTypeRequired }) }))
      .max(RULE_ROWS_MAX, { error: CrmMessage.TooMany })
      .default([]),
  })
  .superRefine((rule, ctx) => {
    const seen = new Set<string>();
    rule.areaRuleList.forEach((row, index) =>
      row.provinceList.forEach((province) => {
        if (seen.has(province)) ctx.addIssue({ code: 'custom', path: ['areaRuleList', index, 'provinceList'], message: CrmMessage.ProvinceTaken });
        seen.add(province);
      }),
    );
    const types = new Set<number>();
    rule.channelTypeRuleList.forEach((row, index) => {
      if (types.has(row.channelType))
        ctx.addIssue({ code: 'custom', path: ['channelTypeRuleList', index, 'channelType'], message: CrmMessage.ChannelTypeTaken });
      types.add(row.channelType);
    });
  });
export const distributeRuleSchema = z.object({
  type: z.number(),
  areaRuleList: z.array(z.object({ acceptGroupId: z.number(), crmCode, provinceList: z.array(z.string()) })),
  channelTypeRuleList: z.array(z.object({ acceptGroupId: z.number(), crmCode, channelType: z.number() })),
});
export type DistributeRule = z.infer<typeof distributeRuleSchema>;

export const acceptGroupSchema = z.object({ id: z.number(), name: z.string() });
/** POST /es/acceptgroup/saveList (JSON): the whole list (rows without id are new; groups left out are deleted). */
export const acceptGroupSaveSchema = z
  .array(
    z.object({
      id: z.number().int().min(1).max(2_147_483_647).optional(),
      name: z
        .string({ error: CrmMessage.AcceptGroupNameRequired })
        .trim()
        .min(1, { error: CrmMessage.AcceptGroupNameRequired })
        .max(30, { error: CrmMessage.ParamTooLong })
        .refine(hasNoNul),
    }),
  )
  .max(50, { error: CrmMessage.TooMany })
  .superRefine((groups, ctx) => {
    const names = new Set<string>();
    groups.forEach((group, index) => {
      if (names.has(group.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: CrmMessage.AcceptGroupNameDuplicate });
      names.add(group.name);
    });
  });
export type AcceptGroupSave = z.output<typeof acceptGroupSaveSchema>;

const ruleNumber = (max: number) =>
  z
    .number({ error: CrmMessage.NumberInvalid })
    .int({ error: CrmMessage.NumberInvalid })
    .min(0, { error: CrmMessage.NumberInvalid })
    .max(max, { error: CrmMessage.NumberInvalid });
/** One per-project rule row (the rule-row variant): dataNum default 1, distributeNum 0, sort 0; dataNumLimit null: unlimited. */
export const itemRuleRowSchema = z.object({
  itemId: z.number({ error: CrmMessage.ItemNotFound }).int().min(1).max(2_147_483_647),
  crmFCode: shortText(100).nullable().optional(),
  crmFName: shortText(100).nullable().optional(),
  dataNum: ruleNumber(10_000).default(1),
  dataNumLimit: ruleNumber(1_000_000).nullable().optional(),
  distributeNum: ruleNumber(1_000_000).default(0),
  sort: ruleNumber(10_000).default(0),
});
export const itemRuleSaveSchema = z.object({ crmCode, list: z.array(itemRuleRowSchema).max(1000, { error: CrmMessage.TooMany }) });
export const itemRuleSchema = z.object({
  itemId: z.number(),
  itemName: z.string(),
  crmCode,
  crmFCode: z.string().nullable(),
  crmFName: z.string().nullable(),
  dataNum: z.number(),
  dataNumLimit: z.number().nullable(),
  distributeNum: z.number(),
  sort: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Push log

/** A push job's state: waiting (or retrying), delivered, refused (validation, no retry), failed (gave up after the last retry). */
export const PushStatus = { Pending: 'pending', Delivered: 'delivered', Refused: 'refused', Failed: 'failed' } as const;
export type PushStatus = (typeof PushStatus)[keyof typeof PushStatus];
export const PUSH_STATUS_LABELS: Record<PushStatus, string> = { pending: '推送中', delivered: '已推送', refused: '被拒绝', failed: '推送失败' };
export const PUSH_LOG_DAYS = 90;
export const PUSH_LOG_RANGE_MAX_DAYS = PUSH_LOG_DAYS;
/** How many failed pushes one 'retry all' call requeues. */
export const RETRY_ALL_MAX = 1000;

const pushFilter = {
  crmCode,
  status: optionalQueryParam(
    z.enum([PushStatus.Pending, PushStatus.Delivered, PushStatus.Refused, PushStatus.Failed], { error: CrmMessage.FieldInvalid }),
  ),
  startTime: optionalQueryParam(chinaDate()),
  endTime: optionalQueryParam(chinaDate()),
  phone: optionalQueryParam(
    z
      .string()
      .max(20, { error: CrmMessage.FieldInvalid })
      .regex(/^[0-9]*$/, { error: CrmMessage.FieldInvalid }),
  ),
};
const rangeCheck = dayRangeCheck(PUSH_LOG_RANGE_MAX_DAYS, `查询范围不能超过${PUSH_LOG_RANGE_MAX_DAYS}天`);
/** GET /es/crmpushlog/list: the customer's pushes of one CRM (of every CRM without crmCode), newest first. */
export const pushLogQuerySchema = z
  .object({ ...pushFilter, crmCode: optionalQueryParam(crmCode), ...paginationQuerySchema.shape })
  .superRefine(rangeCheck);
/** POST /es/crmpushlog/retryFailed (JSON): requeue the failed (refused or given up) pushes of a filter, at most RETRY_ALL_MAX. */
export const retryFailedSchema = z
  .object({
    crmCode,
    startTime: chinaDate().optional(),
    endTime: chinaDate().optional(),
    phone: z
      .string()
      .max(20, { error: CrmMessage.FieldInvalid })
      .regex(/^[0-9]*$/, { error: CrmMessage.FieldInvalid })
      .optional(),
  })
  .superRefine(rangeCheck);
export const pushIdParamsSchema = z.object({ id: queryInt(CrmMessage.PushNotFound, 1, 2_147_483_647) });
export const crmCodeBodySchema = z.object({ crmCode });

export const pushLogRowSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  leadName: z.string(),
  mobile: z.string(),
  itemTitle: z.string(),
  crmCode,
  status: z.string(),
  attempts: z.number(),
  crmId: z.string().nullable(),
  lastReason: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createTime: z.string(),
  deliveredAt: z.string().nullable(),
  /** 'auto' (a rule selected it on arrival) or 'manual' (assign mode 3). */
  origin: z.string(),
});
export type PushLogRow = z.infer<typeof pushLogRowSchema>;

/** One attempt of a push: when, the mapped fields sent, outcome, the CRM's reason, the next retry. */
export const pushAttemptSchema = z.object({
  attemptNo: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** 'delivered' | 'retry' | 'refused' | 'failed'. */
  outcome: z.string(),
  reason: z.string().nullable(),
  fields: z.array(z.object({ code: z.string(), name: z.string(), value: z.unknown() })),
  crmId: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
});
export type PushAttempt = z.infer<typeof pushAttemptSchema>;
export const countSchema = z.object({ count: z.number() });
