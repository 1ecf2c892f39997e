import type { CrmCode } from '@portal/contracts';

/** The call-centre schedule page of one CRM (spec 001 section 2). Placeholder until the page lands. */
export function SchedulePage({ crmCode }: { crmCode: CrmCode }) {
  return <div data-crm={crmCode} />;
}
