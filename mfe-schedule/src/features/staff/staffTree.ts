import type { ScheduleStaff } from '@portal/contracts/schedule';
import type { Key } from 'react';
import { StaffText } from './texts';

/** A node of the staff tree: a department, or one of its members (a leaf). */
export interface StaffNode {
  key: string;
  title: string;
  /** A member already on the day's schedule, or a department whose members all are. */
  disabled: boolean;
  /** The member's staff id (leaves only). */
  staffId?: number;
  phone?: string;
  children?: StaffNode[];
}

export const staffKey = (id: number): string => `staff-${id}`;
const deptKey = (name: string): string => `dept-${name}`;

/** The members who can still be added (not on the day's schedule). */
export const addableStaff = (staff: readonly ScheduleStaff[]): ScheduleStaff[] => staff.filter((member) => !member.scheduled);

/** The staff whose names hold `filter` (all when it is blank). */
export function filterStaff(staff: readonly ScheduleStaff[], filter: string): ScheduleStaff[] {
  const keyword = filter.trim();
  return keyword ? staff.filter((member) => member.userName.includes(keyword)) : [...staff];
}

/**
 * The tree: one node per department ('未分组' for an empty one, last), in the order the list first
 * names them, each with its members in the list's order.
 */
export function staffTree(staff: readonly ScheduleStaff[]): StaffNode[] {
  const depts = new Map<string, ScheduleStaff[]>();
  for (const member of staff) {
    const name = member.deptName.trim() || StaffText.NoDept;
    depts.set(name, [...(depts.get(name) ?? []), member]);
  }
  const names = [...depts.keys()].sort((a, b) => Number(a === StaffText.NoDept) - Number(b === StaffText.NoDept));
  return names.map((name) => {
    const members = depts.get(name) ?? [];
    return {
      key: deptKey(name),
      title: StaffText.dept(name, members.length),
      disabled: members.every((member) => member.scheduled),
      children: members.map((member) => ({
        key: staffKey(member.id),
        title: member.userName,
        phone: member.phone,
        disabled: member.scheduled,
        staffId: member.id,
      })),
    };
  });
}

/** The checked keys the tree shows: the scheduled members (and departments all scheduled) and the picked ones. */
export function checkedKeys(tree: readonly StaffNode[], picked: ReadonlySet<number>): string[] {
  return tree.flatMap((dept) => [
    ...(dept.disabled ? [dept.key] : []),
    ...(dept.children ?? []).filter((member) => member.disabled || picked.has(member.staffId ?? 0)).map((member) => member.key),
  ]);
}

/**
 * The picked members after a check in the tree as shown: those shown follow the tree's checked
 * keys (scheduled ones never count); those filtered out stay as they were.
 */
export function pickedAfterCheck(tree: readonly StaffNode[], picked: ReadonlySet<number>, checked: readonly Key[]): Set<number> {
  const keys = new Set(checked.map(String));
  const shown = tree.flatMap((dept) => dept.children ?? []);
  const next = new Set(picked);
  for (const member of shown) {
    if (member.staffId === undefined || member.disabled) continue;
    if (keys.has(member.key)) next.add(member.staffId);
    else next.delete(member.staffId);
  }
  return next;
}
