import type { ScheduleTarget } from '../schedule/target';

/** Placeholder of add from the staff tree; replaced by the feature. */
export function AddStaffButton(_props: { target: ScheduleTarget }) {
  return null;
}
