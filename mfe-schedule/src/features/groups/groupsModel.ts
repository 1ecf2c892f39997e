import { acceptGroupSaveSchema } from '@portal/contracts/crm';
import type { AcceptGroup, AcceptGroupDraft } from '../../api/scheduleCalls';

/** An accept group being edited: `id` absent for a new one; `key` keeps its row across edits. */
export interface GroupRow {
  key: string;
  id?: number;
  name: string;
}

let lastKey = 0;
const nextKey = (): string => `group-${++lastKey}`;

export const groupRows = (groups: readonly AcceptGroup[]): GroupRow[] => groups.map((group) => ({ key: nextKey(), id: group.id, name: group.name }));
export const newGroupRow = (): GroupRow => ({ key: nextKey(), name: '' });

/** The key of a problem of the whole list. */
export const LIST = '';
/** At most this many groups (the save schema's bound). */
export const MAX_GROUPS = 50;

export type CheckedGroups = { body: AcceptGroupDraft[]; errors?: undefined } | { body?: undefined; errors: Map<string, string> };

/**
 * The body of POST /es/acceptgroup/saveList (the whole list: rows without id are new, groups left
 * out are deleted), or each row's first problem by its key (`LIST`: the list's own, such as too many). The check is the server's own schema,
 * so the dialog refuses what the server would, with its messages.
 */
export function checkGroups(rows: readonly GroupRow[]): CheckedGroups {
  const result = acceptGroupSaveSchema.safeParse(rows.map((row) => (row.id === undefined ? { name: row.name } : { id: row.id, name: row.name })));
  if (result.success) return { body: result.data };
  const errors = new Map<string, string>();
  for (const issue of result.error.issues) {
    const [index] = issue.path;
    const key = (typeof index === 'number' ? rows[index]?.key : undefined) ?? LIST;
    if (!errors.has(key)) errors.set(key, issue.message);
  }
  return { errors };
}
