import { sortedCalls, type LeadCall } from '@portal/contracts/leads';
import { Popover, Typography } from 'antd';
import { LeadListText } from './texts';

export interface FollowUpCellProps {
  calls: readonly LeadCall[] | null | undefined;
}

/** The follow-up details of a lead: a link whose hover shows every call, newest first. */
export function FollowUpCell({ calls }: FollowUpCellProps) {
  const list = sortedCalls(calls);
  if (list.length === 0) return null;
  return (
    <Popover
      trigger="hover"
      title={LeadListText.FollowUpTitle}
      content={
        <ol aria-label={LeadListText.FollowUpTitle} style={{ margin: 0, paddingLeft: 18, maxWidth: 360, maxHeight: 320, overflowY: 'auto' }}>
          {list.map((call) => (
            <li key={`${call.id}-${call.callTime}`} style={{ marginBottom: 6 }}>
              <Typography.Text type="secondary">{call.callTime}</Typography.Text>
              <div>{call.message}</div>
            </li>
          ))}
        </ol>
      }
    >
      <Typography.Link>{LeadListText.followUps(list.length)}</Typography.Link>
    </Popover>
  );
}
