import { z } from 'zod';
import { MessageFormType, MessagePlatform } from '../common/enums';
import { Required } from '../common/messages';
import { phoneSchema } from '../common/phone';
import { LeadApiMessage } from '../leads/schemas';
import { MessageText } from '../messages/schemas';
import { optionalId, optionalText, requiredCode, requiredText } from './fields';

import { MESSAGE_CONTENT_MAX, MESSAGE_ENTERPRISE_MAX, MESSAGE_NAME_MAX } from './site';

/**
 * Texts of the leave-a-message, contact and lead forms: the spec's (section 5: '不能为空',
 * '请填写留言！'), and ours where it gives none (the 200-character bound, the codes, the id).
 */
export const MessageFormMessage = {
  Required,
  ContentRequired: '请填写留言！',
  ContentTooLong: `最多输入${MESSAGE_CONTENT_MAX}个字符`,
  TypeInvalid: MessageText.TypeInvalid,
  PlatformInvalid: LeadApiMessage.PlatformInvalid,
  StrategySurveyInvalid: '方案问卷编号不正确',
} as const;

/**
 * Every message type code in use (spec 000 section 3). The spec names what 2, 4, 6, 8 and 9
 * are (MessageFormType); 1, 3 and 11 are in use with no meaning given, so they are accepted.
 */
export const MESSAGE_TYPE_CODES = [
  1,
  MessageFormType.OnePage,
  3,
  MessageFormType.VisitorMessage,
  MessageFormType.Other,
  MessageFormType.PointsGoods,
  MessageFormType.Suggestion,
  11,
] as const;
export type MessageTypeCode = (typeof MESSAGE_TYPE_CODES)[number];
export const MESSAGE_PLATFORM_CODES = [MessagePlatform.Public, MessagePlatform.LoggedIn] as const;
export type MessagePlatformCode = (typeof MESSAGE_PLATFORM_CODES)[number];

/** The type and platform each message form sends (spec 000 section 3). */
export const MessageFormKind = {
  /** The visitor's leave-a-message form on the public site. */
  VisitorMessage: { type: MessageFormType.VisitorMessage, platform: MessagePlatform.Public },
  /** The logged-in top navigation's suggestion (its own schema: suggestionSchema of messages). */
  Suggestion: { type: MessageFormType.Suggestion, platform: MessagePlatform.LoggedIn },
  /** The logged-in form of type 6, with content. */
  LoggedInMessage: { type: MessageFormType.Other, platform: MessagePlatform.LoggedIn },
} as const;

/** The message types a lead form sends: 2 from a one-page site, 8 from a points-goods page. */
export const LEAD_MESSAGE_TYPES = [MessageFormType.OnePage, MessageFormType.PointsGoods] as const;

export interface MessageFormOptions {
  /** The branch-partner consultation, which asks for no enterprise name: enterpriseName becomes optional. */
  branchPartner?: boolean;
  /** The quick message, whose content is required ('请填写留言！'); elsewhere content is optional. */
  quickMessage?: boolean;
}

type OptionalText = ReturnType<typeof optionalText>;

/**
 * A text required in some modes only (`requiredMessage` given) and optional in the others. Its
 * type is the optional one in every mode, since across modes the field may be absent; at run time
 * the required mode's schema refuses a blank, and antd's zodRule sees that (the asterisk).
 */
const textOfMode = (requiredMessage: string | undefined, max: number, tooLong?: string): OptionalText =>
  requiredMessage === undefined ? optionalText(max, tooLong) : (requiredText(requiredMessage, max, tooLong) as unknown as OptionalText);

/**
 * The leave-a-message, contact and lead forms (spec 000 sections 3 and 5): name and telephone
 * always required, enterpriseName required except in branch-partner mode, content at most 200
 * characters and required in the quick message, the type and platform codes of the form (see
 * MessageFormKind), and the strategy survey a lead form follows up, if any. A function of the
 * form's mode, since two rules differ by mode; build it once per form (a page keeps it in a
 * module constant or useMemo) so that antd's rules see one schema.
 */
export const messageFormSchema = ({ branchPartner = false, quickMessage = false }: MessageFormOptions = {}) =>
  z.object({
    name: requiredText(Required, MESSAGE_NAME_MAX),
    enterpriseName: textOfMode(branchPartner ? undefined : Required, MESSAGE_ENTERPRISE_MAX),
    telephone: phoneSchema,
    content: textOfMode(quickMessage ? MessageFormMessage.ContentRequired : undefined, MESSAGE_CONTENT_MAX, MessageFormMessage.ContentTooLong),
    type: requiredCode(MESSAGE_TYPE_CODES, MessageFormMessage.TypeInvalid),
    platform: requiredCode(MESSAGE_PLATFORM_CODES, MessageFormMessage.PlatformInvalid),
    strategySurveyId: optionalId(MessageFormMessage.StrategySurveyInvalid),
  });
export type MessageFormSchema = ReturnType<typeof messageFormSchema>;
/** What a page or a form post sends. */
export type MessageFormInput = z.input<MessageFormSchema>;
/** What the server keeps: numbers for the codes and the id, trimmed texts. */
export type MessageForm = z.output<MessageFormSchema>;
