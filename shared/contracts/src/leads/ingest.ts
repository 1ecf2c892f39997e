import { z } from 'zod';
import { lengthMessage, Required } from '../common/messages';
import { PhoneMessage } from '../common/phone';
import { MAX_ID } from '../common/query';
import { requiredString } from '../common/validation';
import { PlatformMessage } from '../platform/schemas';
import { LEAD_KINDS } from './kinds';
import { hasNoNul, isHttpUrl, LeadApiMessage, leadContentSchema, maxLengthMessage } from './schemas';

/** The header carrying a customer's ingestion key on POST /rest/open/leads. */
export const INGEST_KEY_HEADER = 'X-Ingest-Key';

export const IngestMessage = {
  KeyInvalid: '接入密钥无效',
  ListKindInvalid: '线索类型不正确',
  ResTypeInvalid: '来源类型不正确',
  ChannelInvalid: '渠道不正确',
  ChannelNotFound: '渠道不存在',
  TextInvalid: '内容格式不正确',
  UrlInvalid: '网址格式不正确',
  NumberInvalid: '数值不正确',
  QqInvalid: 'QQ号格式不正确',
  ContentInvalid: '留言内容格式不正确',
  QuestionnaireInvalid: '问卷格式不正确',
  KeyRegenerated: '接入密钥已重新生成',
} as const;

/** Mobiles of 5 to 20 digits are taken; those matching PHONE_PATTERN are stored as normal, the rest as suspected. */
export const INGEST_MOBILE_PATTERN = /^\d{5,20}$/;

const text = (max: number) =>
  z
    .string({ error: IngestMessage.TextInvalid })
    .max(max, { error: maxLengthMessage(max) })
    .refine(hasNoNul, { error: IngestMessage.TextInvalid })
    .optional();
const smallNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
const url = z
  .string({ error: IngestMessage.UrlInvalid })
  .max(2000, { error: maxLengthMessage(2000) })
  .refine((value) => isHttpUrl(value) && hasNoNul(value), { error: IngestMessage.UrlInvalid })
  .optional();

const contentText = (max: number) =>
  z
    .string({ error: IngestMessage.ContentInvalid })
    .max(max, { error: IngestMessage.ContentInvalid })
    .refine(hasNoNul, { error: IngestMessage.ContentInvalid })
    .optional();

const questionText = (min: number, max: number) =>
  z
    .string({ error: IngestMessage.QuestionnaireInvalid })
    .min(min, { error: IngestMessage.QuestionnaireInvalid })
    .max(max, { error: IngestMessage.QuestionnaireInvalid })
    .refine(hasNoNul, { error: IngestMessage.QuestionnaireInvalid });

/**
 * POST /rest/open/leads: one lead from a landing-page form, a smart chat or a message board.
 * listKind is the list it lands on; itemId and channelId must be the key owner's.
 */
export const ingestLeadSchema = z.object(
  {
    listKind: z.enum(LEAD_KINDS, { error: IngestMessage.ListKindInvalid }),
    /** 1 form (default), 2 smart chat. */
    resType: smallNumber(IngestMessage.ResTypeInvalid, 1, 2).default(1),
    /** The platform the form was sent from (MessagePlatform: 1 the public site, 2 a logged-in page), when known. */
    platform: smallNumber(LeadApiMessage.PlatformInvalid, 1, 2).optional(),
    itemId: smallNumber(PlatformMessage.ItemInvalid, 1, MAX_ID),
    name: requiredString(Required)
      .max(50, { error: lengthMessage(1, 50) })
      .refine(hasNoNul, { error: IngestMessage.TextInvalid }),
    mobile: requiredString(PhoneMessage.Required).regex(INGEST_MOBILE_PATTERN, { error: PhoneMessage.Invalid }),
    channelId: smallNumber(IngestMessage.ChannelInvalid, 1, MAX_ID).optional(),
    other: text(100),
    searchWord: text(100),
    region: text(50),
    province: text(20),
    city: text(20),
    content: z
      .union(
        [
          contentText(5000).unwrap(),
          leadContentSchema.extend({
            wechart: contentText(100),
            feedback: contentText(2000),
            visitTime: contentText(50),
            sex: contentText(10),
            budget: contentText(50),
          }),
        ],
        { error: IngestMessage.ContentInvalid },
      )
      .optional(),
    pageUrl: url,
    referrerUrl: url,
    searchDomain: text(100),
    genreId: smallNumber(IngestMessage.NumberInvalid, 0, 99).optional(),
    templateStyle: smallNumber(IngestMessage.NumberInvalid, 0, 99).optional(),
    qq: z
      .string({ error: IngestMessage.QqInvalid })
      .regex(/^\d{5,12}$/, { error: IngestMessage.QqInvalid })
      .optional(),
    address: text(200),
    otherInfo: text(500),
    descrip: text(500),
    source: text(50),
    ipArea: text(50),
    feedbackId: text(64),
    clientId: text(64),
    questionnaire: z
      .array(
        z.object(
          {
            question: questionText(1, 200),
            answer: questionText(0, 500),
          },
          { error: IngestMessage.QuestionnaireInvalid },
        ),
        { error: IngestMessage.QuestionnaireInvalid },
      )
      .max(50, { error: IngestMessage.QuestionnaireInvalid })
      .optional(),
  },
  { error: IngestMessage.TextInvalid },
);
export type IngestLead = z.infer<typeof ingestLeadSchema>;

export const ingestLeadResultSchema = z.object({ id: z.number() });

/** data of GET/POST /rest/customer/account/ingest-key. */
export const ingestKeySchema = z.object({ key: z.string() });
