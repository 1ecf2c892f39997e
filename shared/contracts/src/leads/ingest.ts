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
/** The header naming one lead send: a replay with the same key and body within 24 h gets the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** 1 to 100 visible ASCII characters (no space). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** The signed variant: `sha256=<hex HMAC-SHA256 of timestamp + '.' + raw body>` keyed by the customer's signing secret. */
export const INGEST_SIGNATURE_HEADER = 'X-Ingest-Signature';
/** Seconds since the epoch when the sender signed; within INGEST_SIGNATURE_MAX_SKEW_S of the server's clock. */
export const INGEST_TIMESTAMP_HEADER = 'X-Ingest-Timestamp';
export const INGEST_SIGNATURE_MAX_SKEW_S = 5 * 60;
const SIGNATURE_PATTERN = /^sha256=[0-9a-f]{64}$/;
const TIMESTAMP_PATTERN = /^\d{1,12}$/;

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
  IdempotencyKeyInvalid: 'Idempotency-Key 须为 1 至 100 个可见 ASCII 字符',
  IdempotencyConflict: '该 Idempotency-Key 已用于内容不同的请求',
  SignatureFormatInvalid: 'X-Ingest-Signature 须为 sha256= 加 64 位小写十六进制',
  TimestampInvalid: 'X-Ingest-Timestamp 须为秒级时间戳',
  SignatureRequired: '该账户要求签名: 请带上 X-Ingest-Signature 与 X-Ingest-Timestamp',
  SignatureInvalid: '签名无效',
  SignatureStale: '签名时间戳与服务器时间相差超过 5 分钟',
  SigningSecretMissing: '请先生成签名密钥',
  SigningSecretGenerated: '签名密钥已生成, 请立即保存 (之后不再显示)',
  SigningSettingSaved: '签名设置已保存',
  SigningRequiredInvalid: 'required 须为 0 或 1',
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

/**
 * The headers POST /rest/open/leads reads besides X-Ingest-Key (lower-case, as fastify sees them):
 * validated (a malformed one is a 400 naming it) and listed in the OpenAPI document.
 */
export const ingestLeadHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: IngestMessage.IdempotencyKeyInvalid })
    .regex(IDEMPOTENCY_KEY_PATTERN, { error: IngestMessage.IdempotencyKeyInvalid })
    .optional()
    .describe(
      '1-100 个可见 ASCII 字符, 每位客户各自一套. 24 小时内同一键与同一请求体再次提交: 返回第一次的结果 (状态码与内容相同, 响应头 Idempotent-Replayed: true), 不再新建线索、计数或推送; 同一键而请求体不同: 409',
    ),
  'x-ingest-timestamp': z
    .string({ error: IngestMessage.TimestampInvalid })
    .regex(TIMESTAMP_PATTERN, { error: IngestMessage.TimestampInvalid })
    .optional()
    .describe('签名时的秒级 Unix 时间戳, 与服务器时间相差不超过 5 分钟; 与 X-Ingest-Signature 一同发送'),
  'x-ingest-signature': z
    .string({ error: IngestMessage.SignatureFormatInvalid })
    .regex(SIGNATURE_PATTERN, { error: IngestMessage.SignatureFormatInvalid })
    .optional()
    .describe("服务器间发送的签名: sha256=<HMAC-SHA256(签名密钥, 时间戳 + '.' + 原始请求体) 的十六进制>; 账户开启「要求签名」后, 未签名的请求为 401"),
});

/** data of GET /rest/customer/account/ingest-signing: whether a signing secret exists (never the secret) and whether signatures are required. */
export const ingestSigningSchema = z.object({ hasSecret: z.boolean(), required: z.boolean() });
/** data of POST /rest/customer/account/ingest-signing/secret: the new secret, answered this once. */
export const ingestSigningSecretSchema = z.object({ secret: z.string() });
/** PUT /rest/customer/account/ingest-signing: require signatures (1) or not (0). */
export const ingestSigningSettingSchema = z.object({
  required: z.union([z.literal(0), z.literal(1)], { error: IngestMessage.SigningRequiredInvalid }),
});

/** data of GET/POST /rest/customer/account/ingest-key. */
export const ingestKeySchema = z.object({ key: z.string() });
