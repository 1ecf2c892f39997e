import type { ScheduleTarget } from '../schedule/target';

/** Placeholder of 导入排班 (xls/xlsx, progress, repeat-name dialog); replaced by the feature. */
export function ImportButton(_props: { target: ScheduleTarget }) {
  return null;
}
