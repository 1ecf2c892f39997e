import { CRM_LABELS, type CrmCode } from '@portal/contracts';
import { DISTRIBUTION_TYPE_LABELS, PUSH_STATUS_LABELS, PushStatus } from '@portal/contracts/crm';
import { DistributionStatus, FollowUpText, type LeadDistribution, SKIP_REASON_LABELS, WAIT_REASON_LABELS } from '@portal/contracts/schedule';
import { QueryBlock } from '@portal/design-system';
import { Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useGetLeadDistributionQuery } from './feedbackDetailApi';
import { DISTRIBUTION_STATUS_LABELS, DistributionText, FeedbackDetailText } from './texts';

export interface DistributionBlockProps {
  leadId: number;
}

type Items = NonNullable<DescriptionsProps['items']>;

const orNone = (value: string | null | undefined): string => value || FeedbackDetailText.None;

/** The record's rows: its status, then who took it and how (assigned), or why nobody did (waiting, skipped). */
function itemsOf(record: LeadDistribution): Items {
  const items: Items = [{ key: 'status', label: DistributionText.Status, children: DISTRIBUTION_STATUS_LABELS[record.status] }];
  if (record.status === DistributionStatus.Assigned) {
    items.push(
      { key: 'receiver', label: DistributionText.Receiver, children: orNone(record.userName) },
      { key: 'group', label: DistributionText.Group, children: record.acceptGroupName ?? DistributionText.AnyGroup },
      { key: 'rule', label: DistributionText.Rule, children: orNone(record.ruleType === null ? null : DISTRIBUTION_TYPE_LABELS[record.ruleType]) },
      {
        key: 'round',
        label: DistributionText.Round,
        children: record.round === null ? FeedbackDetailText.None : DistributionText.round(record.round),
      },
      { key: 'assignTime', label: DistributionText.AssignTime, children: orNone(record.assignTime) },
    );
  } else {
    if (record.reason) items.push({ key: 'reason', label: DistributionText.Reason, children: WAIT_REASON_LABELS[record.reason] });
    if (record.status === DistributionStatus.Manual) {
      if (record.userName) items.push({ key: 'receiver', label: DistributionText.Receiver, children: record.userName });
      if (record.assignTime) items.push({ key: 'assignTime', label: DistributionText.AssignTime, children: record.assignTime });
    }
  }
  const list = (key: string, label: string, lines: readonly string[]) => {
    if (lines.length === 0) return;
    items.push({
      key,
      label,
      span: 'filled',
      children: (
        <ul aria-label={label} style={{ margin: 0, paddingInlineStart: 20 }}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ),
    });
  };
  list(
    'skipped',
    DistributionText.Skipped,
    record.skipped.map((skip) => `${skip.userName}：${SKIP_REASON_LABELS[skip.reason]}`),
  );
  if (record.followUpDue) items.push({ key: 'followUpDue', label: DistributionText.FollowUpDue, children: record.followUpDue });
  list(
    'recycles',
    FollowUpText.Recycles,
    record.recycles.map((recycle) => `${recycle.time} ${FollowUpText.recycled(recycle.fromName, recycle.toName)}（${recycle.reason}）`),
  );
  list(
    'crmFollowerChanges',
    FollowUpText.CrmFollowerChanges,
    record.crmFollowerChanges.map((change) =>
      FollowUpText.crmFollowerLine(
        CRM_LABELS[change.crmCode as CrmCode] ?? change.crmCode,
        change.status === PushStatus.Pending
          ? FollowUpText.CrmFollowerPending
          : (change.reason ?? PUSH_STATUS_LABELS[change.status as PushStatus] ?? change.status),
        change.time,
      ),
    ),
  );
  return items;
}

/**
 * The lead detail's 分配记录: how the distribution engine handled the lead (rule, group, person,
 * round, the people passed over and why; the follow-up deadline, each recycle and the CRM follower
 * change after it), or why it
 * waits or was not distributed. Loads on its
 * own, so a failure shows here with 重试 and leaves the rest of the page as it is.
 */
export function DistributionBlock({ leadId }: DistributionBlockProps) {
  const query = useGetLeadDistributionQuery(leadId);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {DistributionText.Title}
      </Typography.Title>
      <QueryBlock query={query} isEmpty={(record) => record === null} emptyText={DistributionText.Empty} minHeight={120}>
        {(record) =>
          record === null ? null : (
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 120 } }} items={itemsOf(record)} />
          )
        }
      </QueryBlock>
    </>
  );
}
