import { BellOutlined } from '@ant-design/icons';
import { errorMessage, messagesApi, type Message } from '@portal/api-client';
import { MessageText } from '@portal/contracts';
import { CountBadge, countBadgeText, EmptyState, LoadingState } from '@portal/design-system';
import { getEventBus, MessageArrivedEvent } from '@portal/event-bus';
import { Button, Flex, Popover, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { relativeChinaTime } from '../pages/message-center/relativeChinaTime';
import { useMessageCounts } from '../pages/message-center/useMessageCounts';
import { FrameRoute, FrameText } from './texts';

/** How many of the newest unread notices the popover lists. */
const POPOVER_MESSAGES = 5;

interface ListState {
  rows: Message[] | null;
  error: unknown;
}

/**
 * The bell of the top navigation: all unread notices (counters.messages.customer, 99+ above the
 * cap); hovering or clicking opens the newest unread titles with their age, each leading to the
 * message centre. The titles are fetched when the popover opens and again when a notice arrives.
 */
export function NotificationPopover() {
  const counts = useMessageCounts();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<ListState>({ rows: null, error: null });
  const openRef = useRef(open);
  const latest = useRef(0);

  const load = useCallback(() => {
    const call = ++latest.current;
    messagesApi.list({ onlyUnread: 1, pageSize: POPOVER_MESSAGES }).then(
      (page) => call === latest.current && setList({ rows: page.rows.slice(0, POPOVER_MESSAGES), error: null }),
      (error: unknown) => call === latest.current && setList((current) => ({ rows: current.rows, error })),
    );
  }, []);

  useEffect(() => {
    openRef.current = open;
    if (open) load();
  }, [open, load]);

  // A closed popover fetches when it next opens.
  useEffect(() => {
    const subscription = getEventBus().subscribe(MessageArrivedEvent, () => {
      if (openRef.current) load();
    });
    return () => subscription.unsubscribe();
  }, [load]);

  const close = () => setOpen(false);

  let body;
  if (list.error && !list.rows) body = <Typography.Text type="danger">{errorMessage(list.error, MessageText.LoadFailed)}</Typography.Text>;
  else if (!list.rows) body = <LoadingState minHeight={80} />;
  else if (list.rows.length === 0) body = <EmptyState description={MessageText.NoUnread} />;
  else
    body = (
      <ul aria-label={MessageText.UnreadList} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.rows.map((row) => (
          <li key={row.id}>
            <Link to={FrameRoute.MessageCenter} onClick={close} style={{ display: 'flex', gap: 12, padding: '6px 0', color: 'inherit' }}>
              <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
                {row.title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ flex: 'none', fontSize: 12 }} title={row.createTime}>
                {relativeChinaTime(row.createTime)}
              </Typography.Text>
            </Link>
          </li>
        ))}
      </ul>
    );

  const content = (
    <div style={{ width: 300 }}>
      {body}
      <Flex justify="flex-end" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', marginTop: 8, paddingTop: 8 }}>
        <Link to={FrameRoute.MessageCenter} onClick={close}>
          {MessageText.ViewAll}
        </Link>
      </Flex>
    </div>
  );

  return (
    <Popover title={FrameText.Notifications} content={content} trigger={['hover', 'click']} placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label={FrameText.notifications(countBadgeText(counts.customer))} title={FrameText.Notifications} style={{ height: 'auto', padding: '4px 8px' }}>
        <CountBadge count={counts.customer}>
          <BellOutlined style={{ fontSize: 18, color: 'rgba(0,0,0,0.65)' }} />
        </CountBadge>
      </Button>
    </Popover>
  );
}
