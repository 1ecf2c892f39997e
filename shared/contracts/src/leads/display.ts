import type { LeadCall, LeadContent, LeadQuestion } from './schemas';

/**
 * How the lead lists show a lead's fields: structured content, the questionnaire, the
 * assignment filter. Labels here are the portal's (the spec names the fields, not their titles).
 */

/** The list filter crmFollowerState: 0 unassigned, 1 assigned (see isLeadAssigned). */
export const CrmFollowerState = { Unassigned: 0, Assigned: 1 } as const;
export const CRM_FOLLOWER_STATE_LABELS: Record<number, string> = { 0: '未分配', 1: '已分配' };

/** The titles of structured content fields, in the order they are shown. */
export const LEAD_CONTENT_LABELS: Record<keyof LeadContent, string> = {
  wechart: '微信',
  feedback: '留言内容',
  visitTime: '访问时间',
  sex: '性别',
  budget: '预算',
};
const CONTENT_KEYS = Object.keys(LEAD_CONTENT_LABELS) as Array<keyof LeadContent>;

/** One labelled line of a lead's content or questionnaire. */
export interface LabelledValue {
  label: string;
  value: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const parseObject = (text: string): Record<string, unknown> | null => {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/**
 * A lead's content as the user reads it: plain text as it is, or the labelled fields of
 * structured content (an object, or the JSON text of one: wechart, feedback, visitTime, sex,
 * budget). Empty fields are left out; null when there is nothing to show.
 */
export function leadContentView(content: string | LeadContent | null | undefined): string | LabelledValue[] | null {
  if (content === null || content === undefined) return null;
  const fields = typeof content === 'string' ? parseObject(content) : content;
  if (!fields) return (content as string).trim() === '' ? null : (content as string);
  const lines = CONTENT_KEYS.flatMap((key) => {
    const value = (fields as Record<string, unknown>)[key];
    return value === undefined || value === null || String(value).trim() === '' ? [] : [{ label: LEAD_CONTENT_LABELS[key], value: String(value) }];
  });
  return lines.length > 0 ? lines : null;
}

/** The content in one line (table cells, notices): 'label：value；label：value'. */
export function leadContentText(content: string | LeadContent | null | undefined): string {
  const view = leadContentView(content);
  if (view === null) return '';
  return typeof view === 'string' ? view : view.map(({ label, value }) => `${label}：${value}`).join('；');
}

/** The questionnaire's answers: the list of question and answer, or (older rows) an object of question to answer. */
export function leadQuestionnaire(datas: LeadQuestion[] | Record<string, unknown> | null | undefined): LabelledValue[] {
  if (!datas) return [];
  if (Array.isArray(datas)) return datas.map(({ question, answer }) => ({ label: question, value: answer }));
  return Object.entries(datas).map(([question, answer]) => ({
    label: question,
    value: answer === null || answer === undefined ? '' : String(answer),
  }));
}

/** The follow-up calls, newest first. */
export const sortedCalls = (calls: readonly LeadCall[] | null | undefined): LeadCall[] =>
  [...(calls ?? [])].sort((a, b) => (a.callTime < b.callTime ? 1 : a.callTime > b.callTime ? -1 : 0));
