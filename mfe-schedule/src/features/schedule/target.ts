import type { CrmCode } from '@portal/contracts';
import { ScheduleMessage } from '@portal/contracts/schedule';

/** What the page's tools act on: the CRM, the chosen project (null: none yet) and day, and whether the customer has projects at all. */
export interface ScheduleTarget {
  crmCode: CrmCode;
  itemId: number | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  hasProjects: boolean;
}

/** Why a tool cannot act on `target` yet (spec: import or add needs a project and a day), or null when it can. */
export function targetProblem(target: ScheduleTarget): string | null {
  if (!target.hasProjects) return ScheduleMessage.NoProjects;
  if (target.itemId === null) return ScheduleMessage.SelectProjectFirst;
  return null;
}
