import type { ScheduleTarget } from '../schedule/target';

/** Placeholder of accept-group management; replaced by the feature. */
export function AcceptGroupsButton(_props: { target: ScheduleTarget }) {
  return null;
}
