import { z } from 'zod';
import { idValue } from '../common/query';
import { requiredString } from '../common/validation';
import { LeadMessage } from './enums';
import { LEAD_TABLE_NAME_VALUES } from './kinds';
import { hasNoNul, LEAD_BATCH_MAX, LeadApiMessage, leadIdSchema } from './schemas';

/** Texts of manual assignment (/es/eccutomerdistribute/*, /es/crmuser/like, /es/crmchannelsource/like). */
export const AssignMessage = {
  UserRequired: '请选择分配人员',
  UserNotFound: '分配人员不存在',
  SourceRequired: '请选择渠道来源',
  SourceNotFound: '渠道来源不存在',
  /** Followed by the refused leads, 'name(mobile)' joined by '、'. */
  AlreadyAssigned: '以下线索已分配或已推送，不能手动分配：',
  ThirdPushNotConfigured: '请先完成CRM推送设置',
  KeywordInvalid: '搜索内容不正确',
} as const;

/** The most matches a name search returns. */
export const ASSIGN_SEARCH_LIMIT = 20;
export const ASSIGN_KEYWORD_MAX = 50;

/** One lead of an assignment: its id and the tableName its list row carries. */
export const resourceRefSchema = z.object(
  {
    id: leadIdSchema,
    tableName: z.enum(LEAD_TABLE_NAME_VALUES, { error: LeadApiMessage.TableNameInvalid }),
  },
  { error: LeadApiMessage.TableNameInvalid },
);
export type ResourceRef = z.infer<typeof resourceRefSchema>;

const resourceList = z
  .array(resourceRefSchema, { error: LeadMessage.NothingSelectedAssign })
  .min(1, { error: LeadMessage.NothingSelectedAssign })
  .max(LEAD_BATCH_MAX, { error: LeadApiMessage.TooMany });

/** A staff id: a JSON integer. */
const userId = idValue(AssignMessage.UserRequired);

/** PUT /es/eccutomerdistribute/assignResourcesManually (assign resource type 1). */
export const assignByUserSchema = z.object({ resourceList, userId }, { error: LeadMessage.NothingSelectedAssign });
export type AssignByUserBody = z.infer<typeof assignByUserSchema>;

/** PUT /es/eccutomerdistribute/assignResourcesManuallyByChannelSource (assign resource type 2). */
export const assignByChannelSourceSchema = z.object(
  {
    resourceList,
    channelSourceCode: requiredString(AssignMessage.SourceRequired)
      .max(64, { error: AssignMessage.SourceRequired })
      .refine(hasNoNul, { error: AssignMessage.SourceRequired }),
  },
  { error: LeadMessage.NothingSelectedAssign },
);
export type AssignByChannelSourceBody = z.infer<typeof assignByChannelSourceSchema>;

/** PUT /es/eccutomerdistribute/AssignResourcesManuallyByThridPush (assign resource type 3). */
export const assignByThirdPushSchema = z.object(
  { resourceList, channelSourceCode: z.string({ error: AssignMessage.SourceRequired }).max(64, { error: AssignMessage.SourceRequired }).optional() },
  { error: LeadMessage.NothingSelectedAssign },
);

/** data of GET /es/eccutomerdistribute/getCrmAssignResourceType: an AssignResourceType (1 user, 2 channel source, 3 third-party push). */
export const assignResourceTypeSchema = z.number();

const keyword = z
  .string({ error: AssignMessage.KeywordInvalid })
  .max(ASSIGN_KEYWORD_MAX, { error: AssignMessage.KeywordInvalid })
  .refine(hasNoNul, { error: AssignMessage.KeywordInvalid })
  .optional();

/** GET /es/crmuser/like?userName=: staff whose name contains it (all when blank), at most 20. */
export const crmUserLikeQuerySchema = z.object({ userName: keyword });
/** GET /es/crmchannelsource/like?sourceName=: channel sources whose name contains it, at most 20. */
export const channelSourceLikeQuerySchema = z.object({ sourceName: keyword });

/** A call-centre staff member of the customer. */
export const crmUserSchema = z.object({ id: z.number(), userName: z.string(), phone: z.string(), deptName: z.string() });
export type CrmUser = z.infer<typeof crmUserSchema>;

/** A CRM channel source of the customer. */
export const channelSourceSchema = z.object({ id: z.number(), sourceCode: z.string(), sourceName: z.string() });
export type ChannelSource = z.infer<typeof channelSourceSchema>;
