import { getUnreadCounters, unreadCounters$, type MessageUnreadKind } from '@portal/event-bus';
import { useEffect, useState } from 'react';

/** The unread message counters of the event bus (system, user, customer = all), following every change. */
export function useMessageCounts(): Readonly<Record<MessageUnreadKind, number>> {
  const [counts, setCounts] = useState(() => getUnreadCounters().messages);
  useEffect(() => {
    const subscription = unreadCounters$.subscribe((counters) => setCounts(counters.messages));
    return () => subscription.unsubscribe();
  }, []);
  return counts;
}
