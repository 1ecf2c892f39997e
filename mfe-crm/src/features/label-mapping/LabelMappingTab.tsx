import type { CrmCode } from '@portal/contracts';

/** Placeholder until this tab lands (being written now); the settings page imports it from here. */
export function LabelMappingTab(_props: { crmCode: CrmCode }) {
  return null;
}
