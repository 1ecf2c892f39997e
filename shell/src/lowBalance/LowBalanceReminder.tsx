import { useEffect, useState } from 'react';
import { LowBalanceDialog } from './LowBalanceDialog';
import { useLowBalanceQuery } from '../store/shellApi';
import { lowBalanceReminder } from './reminderMemory';

export interface LowBalanceReminderProps {
  /** The logged-in account: the reminder is once per login of the account. */
  account: string;
  /** While true (another dialog is up, e.g. the guide), the reminder waits. */
  held?: boolean;
}

/**
 * Mounted once in the frame: after login, asks once per login for the projects whose
 * balance lasts LOW_BALANCE_DAYS days or fewer, and lists them in the low-balance dialog. An empty
 * list shows nothing; a failed call shows nothing either (no error at login) and is asked again at
 * the next page load. Part of the frame's chunk (a chunk of its own would add to the login page's
 * webpack runtime); the frame's first render waits for nothing of it: the call starts after that
 * render, in an effect.
 */
export function LowBalanceReminder({ account, held = false }: LowBalanceReminderProps) {
  const [due] = useState(() => !lowBalanceReminder.shown(account));
  const [dismissed, setDismissed] = useState(false);
  const { data } = useLowBalanceQuery(undefined, { skip: !due });

  // Remembered once the answer is known and, when there is a list, once the dialog shows.
  useEffect(() => {
    if (data && (data.length === 0 || !held)) lowBalanceReminder.remember(account);
  }, [data, held, account]);

  if (!due || !data || data.length === 0) return null;
  return <LowBalanceDialog items={data} open={!dismissed && !held} onClose={() => setDismissed(true)} />;
}
