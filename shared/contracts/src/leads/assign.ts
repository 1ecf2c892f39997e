import { z } from 'zod';
import { idValue, MAX_ID } from '../common/query';
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
  LeadIdsInvalid: '线索编号不正确',
  /** Followed by '{userName}：{reason}' (an AssignIneligible text). */
  UserIneligible: '不能分配给',
} as const;

/**
 * Why a staff member cannot take manually assigned leads now (the server's rule, issue 27). The
 * schedule binds manual assignment only by its daily cap, while the customer pushes to a CRM (an
 * account with sync on), as distribution does: a person on today's schedule of the leads' project
 * whose cap would be passed (what distribution gave them today plus these leads) is refused. Being
 * off the schedule or off shift does not refuse anyone: manual assignment is how a lead nobody on
 * the schedule can take leaves the queue (issue 12).
 */
export const AssignIneligible = {
  dailyCap: (limit: number): string => (limit === 0 ? '今日不接收线索（每日上限0条）' : `已达今日上限（${limit}条）`),
  /** The same, naming the project when the leads are of several. */
  dailyCapOn: (limit: number, itemTitle: string): string => `${itemTitle}${AssignIneligible.dailyCap(limit)}`,
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

/** The most staff the like call answers for the assignment dialog (with leadIds): every one, in practice. */
export const ASSIGN_CANDIDATES_MAX = 1000;

/** `leadIds`: the leads to assign, comma-separated ids ('12,15'), at most LEAD_BATCH_MAX. */
const leadIds = z
  .string({ error: AssignMessage.LeadIdsInvalid })
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, { error: AssignMessage.LeadIdsInvalid })
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(z.number().max(MAX_ID, { error: AssignMessage.LeadIdsInvalid })).max(LEAD_BATCH_MAX, { error: LeadApiMessage.TooMany }))
  .optional();

/**
 * GET /es/crmuser/like?userName=: staff whose name contains it (all when blank), at most 20.
 * With `leadIds` (the assignment dialog): every matching staff member (up to
 * ASSIGN_CANDIDATES_MAX), each saying whether they can take those leads and why not.
 */
export const crmUserLikeQuerySchema = z.object({ userName: keyword, leadIds });
/** GET /es/crmchannelsource/like?sourceName=: channel sources whose name contains it, at most 20. */
export const channelSourceLikeQuerySchema = z.object({ sourceName: keyword });

/** A call-centre staff member of the customer. */
export const crmUserSchema = z.object({ id: z.number(), userName: z.string(), phone: z.string(), deptName: z.string() });
export type CrmUser = z.infer<typeof crmUserSchema>;

/**
 * A staff member as the like call answers: `eligible` whether they can take the asked leads now,
 * `reason` why not (an AssignIneligible text; null when eligible).
 */
export const assignCandidateSchema = crmUserSchema.extend({ eligible: z.boolean(), reason: z.string().nullable() });
export type AssignCandidate = z.infer<typeof assignCandidateSchema>;

/** A CRM channel source of the customer. */
export const channelSourceSchema = z.object({ id: z.number(), sourceCode: z.string(), sourceName: z.string() });
export type ChannelSource = z.infer<typeof channelSourceSchema>;
