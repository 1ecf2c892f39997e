import type { CrmAccount } from '@portal/contracts/crm';
import { Steps } from 'antd';
import { SettingsText } from './texts';

export interface SetupStepsProps {
  /** The account's steps; absent (no account yet, or not answered): none done. */
  steps?: CrmAccount['steps'];
}

const STEPS = [
  { key: 'account', title: SettingsText.StepAccount, content: SettingsText.StepAccountHint },
  { key: 'info', title: SettingsText.StepInfo, content: SettingsText.StepInfoHint },
  { key: 'schedule', title: SettingsText.StepSchedule, content: SettingsText.StepScheduleHint },
  { key: 'sync', title: SettingsText.StepSync, content: SettingsText.StepSyncHint },
] as const;

/**
 * The four setup steps (spec 001 section 2): account, then info (source and field), then
 * scheduling, then the sync switch. A done step is finished; the first one not done is current.
 */
export function SetupSteps({ steps }: SetupStepsProps) {
  const done = STEPS.map(({ key }) => steps?.[key] === true);
  const current = done.indexOf(false);
  return (
    <Steps
      size="small"
      style={{ marginBottom: 24 }}
      current={current === -1 ? STEPS.length : current}
      items={STEPS.map(({ key, title, content }, index) => ({
        key,
        title,
        content,
        status: done[index] ? 'finish' : index === current ? 'process' : 'wait',
      }))}
    />
  );
}
