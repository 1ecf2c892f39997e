import type { CrmCode } from '@portal/contracts';
import type { LabelMapping, LabelMappingSaveBody } from '../field-mapping/mappingApi';
import { LabelMappingText } from './texts';

export type LabelResType = 0 | 1 | 2;

/** One label mapping row being edited: a CRM class to a project, a channel (null: any) and a resType. */
export interface LabelRowDraft {
  /** The row's identity while editing (rows have no id of their own). */
  key: string;
  classId: string | null;
  /** The class's name as the CRM gave it (kept when a later 'update data' no longer lists the class). */
  className: string;
  itemId: number | null;
  channelId: number | null;
  resType: LabelResType;
}

export interface LabelRowErrors {
  classId?: string;
  itemId?: string;
}

let lastKey = 0;
const nextKey = (): string => `label-${++lastKey}`;

const resTypeOf = (value: number): LabelResType => (value === 1 || value === 2 ? value : 0);

/** A new row: nothing chosen yet, any resType. */
export const emptyLabelRow = (): LabelRowDraft => ({ key: nextKey(), classId: null, className: '', itemId: null, channelId: null, resType: 0 });

/**
 * The classes to choose from: the CRM's as last pulled, then any class a saved row names that the
 * CRM no longer lists (so that the row still shows its name).
 */
export function classOptions(classes: LabelMapping['classes'], rows: readonly LabelRowDraft[]): Array<{ value: string; label: string }> {
  const options = classes.map((entry) => ({ value: entry.classId, label: entry.className }));
  const known = new Set(options.map((option) => option.value));
  for (const row of rows) {
    if (row.classId && !known.has(row.classId)) {
      known.add(row.classId);
      options.push({ value: row.classId, label: row.className || row.classId });
    }
  }
  return options;
}

/** The saved rows, to edit. */
export const labelRowsFromAnswer = (answer: LabelMapping): LabelRowDraft[] =>
  answer.rows.map((row) => ({
    key: nextKey(),
    classId: row.classId,
    className: row.className,
    itemId: row.itemId,
    channelId: row.channelId,
    resType: resTypeOf(row.resType),
  }));

/** What stops the rows from being saved, by row key: each row needs its class and its project. */
export function labelErrors(rows: readonly LabelRowDraft[]): Map<string, LabelRowErrors> {
  const errors = new Map<string, LabelRowErrors>();
  for (const row of rows) {
    const found: LabelRowErrors = {};
    if (!row.classId) found.classId = LabelMappingText.ClassRequired;
    if (row.itemId === null) found.itemId = LabelMappingText.ProjectRequired;
    if (found.classId || found.itemId) errors.set(row.key, found);
  }
  return errors;
}

/** The body of POST /es/crmlabelmapping/post (rows already checked by labelErrors). */
export function toLabelSaveBody(crmCode: CrmCode, rows: readonly LabelRowDraft[]): LabelMappingSaveBody {
  return {
    crmCode,
    list: rows.map((row) => ({
      classId: row.classId ?? '',
      className: row.className,
      itemId: row.itemId ?? 0,
      channelId: row.channelId,
      resType: row.resType,
    })),
  };
}
