import type { FieldMapping } from '@portal/contracts/crm';
import type { Selectable } from 'kysely';
import type { CrmFieldMappingsTable } from '../../../db/schema';
import type { CrmField } from '../connectors/types';

/** One saved row of a field mapping as answered and as the push pipeline reads it. */
export type FieldMappingRow = FieldMapping['rows'][number];
export type FieldMappingChild = FieldMappingRow['children'][number];

/** A stored JSON column read back; a broken value reads as the fallback rather than failing the call. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A crm_field_mappings row as the API and the pipeline see it. */
export const toFieldMappingRow = (row: Selectable<CrmFieldMappingsTable>): FieldMappingRow => ({
  crmFCode: row.crmFCode,
  crmFName: row.crmFName,
  wyFCode: row.wyFCode,
  itemId: row.itemId,
  channelId: row.channelId,
  wyDefaultValue: row.wyDefaultValue,
  wyDefaultBooleanValue: row.wyDefaultBooleanValue === null ? null : row.wyDefaultBooleanValue === 1,
  wyUseDefault: row.wyUseDefault === 1,
  children: parseJson<FieldMappingChild[]>(row.children, []),
});

/** Discovered fields as stored (crm_discovery kind 'fields'), with options and children always present in answers. */
export const toFieldAnswer = (field: CrmField): FieldMapping['crmFields'][number] => ({
  code: field.code,
  name: field.name,
  type: field.type,
  required: field.required,
  options: field.options ?? [],
  children: (field.children ?? []).map(toFieldAnswer),
});
