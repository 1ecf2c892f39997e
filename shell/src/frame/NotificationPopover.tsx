import { BellOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import { NoticeStatus } from '@portal/contracts';
import { MessageText } from '@portal/contracts/messages';
import { CountBadge, countBadgeText, EmptyState, LoadingState } from '@portal/design-system';
import { Button, Flex, Popover, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useMessagesQuery } from '../store/shellApi';
import { messageDetailRoute, UNREAD_FIRST_PAGE } from '../pages/message-center/messageQueries';
import { relativeChinaTime } from '../pages/message-center/relativeChinaTime';
import { useMessageCounts } from '../pages/message-center/useMessageCounts';
import { FrameRoute, FrameText } from './texts';
import { useNavPopover } from './useNavPopover';

/** How many of the newest unread notices the popover lists. */
const POPOVER_MESSAGES = 5;

/** An answer older than this is fetched again when the popover opens (seconds). */
const STALE_ON_OPEN_S = 30;

/**
 * The bell of the top navigation: all unread notices (counters.messages.customer, 99+ above the
 * cap); hovering or clicking opens the newest unread titles with their age, each opening its
 * notice in the message centre (messageDetailRoute: the row expanded, so read). The titles are the first page of unread notices, the same cached query as the
 * message centre's under 只看未读: fetched when the popover opens (unless just answered), and
 * refreshed with the centre's lists when the bus says notices changed (store/busBridge.ts). A
 * closed popover fetches nothing.
 */
export function NotificationPopover() {
  const counts = useMessageCounts();
  const { open, close, popoverProps, triggerProps } = useNavPopover();
  const { data, error, isError } = useMessagesQuery(UNREAD_FIRST_PAGE, { skip: !open, refetchOnMountOrArgChange: STALE_ON_OPEN_S });
  // A notice read elsewhere on the page shows as read in the cache before the lists reload.
  const rows = data?.rows.filter((row) => row.status === NoticeStatus.Unread).slice(0, POPOVER_MESSAGES);

  let body;
  if (!rows && isError) body = <Typography.Text type="danger">{queryErrorMessage(error, MessageText.LoadFailed)}</Typography.Text>;
  else if (!rows) body = <LoadingState minHeight={80} />;
  else if (rows.length === 0) body = <EmptyState description={MessageText.NoUnread} />;
  else
    body = (
      <ul aria-label={MessageText.UnreadList} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={messageDetailRoute(row.id)} onClick={close} style={{ display: 'flex', gap: 12, padding: '6px 0', color: 'inherit' }}>
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
    <Popover title={FrameText.Notifications} content={content} trigger={['hover', 'click']} placement="bottomRight" {...popoverProps}>
      <Button
        {...triggerProps}
        type="text"
        aria-label={FrameText.notifications(countBadgeText(counts.customer))}
        title={FrameText.Notifications}
        style={{ height: 'auto', padding: '4px 8px' }}
      >
        <CountBadge count={counts.customer}>
          <BellOutlined style={{ fontSize: 18, color: 'rgba(0,0,0,0.65)' }} />
        </CountBadge>
      </Button>
    </Popover>
  );
}
