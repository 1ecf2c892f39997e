import { BellOutlined } from '@ant-design/icons';
import { CountBadge } from '@portal/design-system';
import { MESSAGE_UNREAD_KINDS, unreadCounters$ } from '@portal/event-bus';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { FrameRoute, FrameText } from './texts';

/** The unread-message count (capped at 99+) linking to the message centre; the realtime feed fills the counters. */
export function NotificationBell() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const subscription = unreadCounters$.subscribe((counters) =>
      setCount(MESSAGE_UNREAD_KINDS.reduce((sum, kind) => sum + counters.messages[kind], 0)),
    );
    return () => subscription.unsubscribe();
  }, []);
  return (
    <Link to={FrameRoute.MessageCenter} aria-label={FrameText.Notifications} title={FrameText.Notifications} style={{ display: 'inline-flex', padding: '0 8px' }}>
      <CountBadge count={count}>
        <BellOutlined style={{ fontSize: 18, color: 'rgba(0,0,0,0.65)' }} />
      </CountBadge>
    </Link>
  );
}
