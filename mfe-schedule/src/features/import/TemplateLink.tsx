import type { ScheduleTarget } from '../schedule/target';

/** Placeholder of the import template download; replaced by the feature. */
export function TemplateLink(_props: { target: ScheduleTarget }) {
  return null;
}
