import { isItemActive } from '@portal/contracts';
import { ALL_PROJECTS_ITEM_ID, FollowUpText } from '@portal/contracts/schedule';
import type { FollowUpRule, ScheduleItem } from '../../api/scheduleCalls';
import { FollowUpUiText } from './texts';

/** The project a rule is for, as shown: 全部项目 for itemId 0. */
export const ruleProject = (rule: Pick<FollowUpRule, 'itemId' | 'itemTitle'>): string =>
  rule.itemId === ALL_PROJECTS_ITEM_ID ? FollowUpText.AllProjects : rule.itemTitle || FollowUpUiText.unknownProject(rule.itemId);

/** What 新增跟进时限 may choose: 全部项目 while it has no rule, and the customer's projects without one. */
export interface FreeChoices {
  allProjects: boolean;
  projects: ScheduleItem[];
}

export function freeChoices(rules: readonly FollowUpRule[], projects: readonly ScheduleItem[]): FreeChoices {
  const taken = new Set(rules.map((rule) => rule.itemId));
  return { allProjects: !taken.has(ALL_PROJECTS_ITEM_ID), projects: projects.filter((item) => !taken.has(item.itemId)) };
}

/** Whether 新增 has anything left to offer (projects not on air are offered disabled). */
export const hasFreeChoice = ({ allProjects, projects }: FreeChoices): boolean => allProjects || projects.some((item) => isItemActive(item.status));
