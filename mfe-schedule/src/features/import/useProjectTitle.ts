import { useItemsQuery } from '../../api/scheduleCalls';
import type { ScheduleTarget } from '../schedule/target';

/** The title of the target's project, from the picker's list (cached by the page); its id until the list is there. */
export function useProjectTitle(target: ScheduleTarget, skip: boolean): string {
  const items = useItemsQuery(target.crmCode, { skip });
  if (target.itemId === null) return '';
  return items.data?.find((item) => item.itemId === target.itemId)?.itemTitle ?? String(target.itemId);
}
