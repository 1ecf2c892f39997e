import { type LeadListKind } from '@portal/contracts';
import { LEAD_KIND_LABELS } from '@portal/contracts/leads';

/** Texts of the new-data notices (spec 000 sections 2 and 4). */
export const RealtimeText = {
  /** aria-label of a lead list's pop-up (the spec's "new-resource pop-up"). */
  LeadNoticeLabel: '新资源提醒',
  /** aria-label of the messages pop-up. */
  MessageNoticeLabel: '新消息提醒',
  /** aria-label and heading of the live chat's pop-up: a visitor wrote. */
  ChatNoticeLabel: '新的在线咨询',
  View: '查看',
  Close: '关闭',
  /** What the tab title alternates with while a notice waits. */
  TitleFlag: '【新消息】',
  NewMessages: '您有新的消息',
} as const;

/** '您有1条新的智能投放资源' */
export const leadNoticeText = (list: LeadListKind, count: number): string => `您有${count}条新的${LEAD_KIND_LABELS[list]}`;

/** '访客1234发来新消息', or '您有3条新的在线咨询消息' (several, or from a poll that knows only the total). */
export const chatNoticeText = (count: number, visitorName?: string): string =>
  count === 1 && visitorName ? `${visitorName}发来新消息` : `您有${count}条新的在线咨询消息`;

/** The chime, shipped in shell/public/sounds/ (copied into the build output as is). */
export const NOTIFY_SOUND_URL = '/sounds/notify.wav';
