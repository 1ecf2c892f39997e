import type { ScheduleTarget } from '../schedule/target';

/** Placeholder of sync CRM staff; replaced by the feature. */
export function SyncStaffButton(_props: { target: ScheduleTarget }) {
  return null;
}
