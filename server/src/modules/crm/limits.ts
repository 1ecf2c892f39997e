/**
 * How much of a CRM's answer we take. A customer controls their own CRM tenant (and a CRM can be
 * broken or hostile), so nothing a CRM answers may grow without bound in our memory, our database
 * or the answers of our pages. The texts are shown to the customer as they are.
 */

/**
 * The most bytes of one CRM answer read (while it streams; the read stops there). The largest
 * real answer we expect is a field list of a few thousand fields with their options, well under
 * 1 MB; 4 MB still holds every discovery list at its row cap (20,000 fields at about 80 bytes,
 * 50,000 sources at about 35), and bounds what a hostile answer costs: one 4 MB buffer, and a
 * JSON parse of at most 4 MB on the event loop (an 8 MB one took about 90 ms on the bench's
 * machine, and held other customers' calls that long).
 */
export const CRM_BODY_MAX_BYTES = 4 * 1024 * 1024;
export const CRM_BODY_MAX_TEXT = `${CRM_BODY_MAX_BYTES / 1024 / 1024}MB`;

/** Why a CRM answer is not used: too large, or a redirect (never followed: it could lead anywhere, with our signed headers and the lead's data). */
export const CrmAnswerMessage = {
  tooLarge: `CRM接口返回的数据超过${CRM_BODY_MAX_TEXT}，已停止读取`,
  redirect: (status: number): string => `CRM接口返回重定向（${status}），已拒绝跟随`,
} as const;

/** What 'update data' and the syncs pull from a CRM. */
export type DiscoveryKind = 'fields' | 'labels' | 'staff' | 'sources' | 'templates';

/**
 * The most rows of each kind one discovery call may answer (fields: fields, their children and
 * options together; labels: label classes). Each is far above what a real tenant has (ec caps a
 * form at a few hundred fields) and keeps what we store and answer small: a field-mapping read
 * stays a few MB, a staff list a few MB. Sources are counted against their table, not a JSON
 * column, and are written in batches (SOURCE_WRITE_BATCH), so their cap is higher.
 */
export const CRM_DISCOVERY_MAX: Record<DiscoveryKind, number> = {
  fields: 20_000,
  labels: 10_000,
  staff: 10_000,
  sources: 50_000,
  templates: 1_000,
};

const DISCOVERY_NAMES: Record<DiscoveryKind, string> = {
  fields: '字段（含子字段和选项）',
  labels: '标签',
  staff: '员工',
  sources: '渠道来源',
  templates: '模板',
};

/** The refusal of a discovery call that answered more than its cap; nothing of it is stored. */
export const tooManyDiscovered = (kind: DiscoveryKind): string =>
  `CRM返回的${DISCOVERY_NAMES[kind]}超过${CRM_DISCOVERY_MAX[kind]}条，未保存任何数据，请精简CRM中的数据后再试`;

/** Rows per INSERT of synced sources: 500 rows of 4 values stays far below SQLite's 32,766 bound variables. */
export const SOURCE_WRITE_BATCH = 500;

/**
 * The most characters of a push's stored reason (crm_push_jobs.last_reason and
 * crm_push_attempts.reason are varchar(500)), the note of the original length included.
 */
export const REASON_MAX_CHARS = 500;

/** `reason` as stored: whole when it fits, else cut with a note of its original length. */
export function boundReason(reason: string): string {
  if (reason.length <= REASON_MAX_CHARS) return reason;
  const note = `…（原文共${reason.length}字，已截断）`;
  let end = REASON_MAX_CHARS - note.length;
  // Not half a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(reason[end - 1] ?? '')) end -= 1;
  return reason.slice(0, end) + note;
}
