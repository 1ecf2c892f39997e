import {
  EXPORT_READ_STATUS_LABELS,
  genreLabel,
  isHttpUrl,
  LeadApiMessage,
  leadContentView,
  leadQuestionnaire,
  mobileStatusLabel,
  searchEngineLabel,
  sortedCalls,
  templateStyleLabel,
  type Lead,
} from '@portal/contracts';
import { EmptyState, ErrorState, PageFrame, QueryBlock } from '@portal/design-system';
import { Button, Descriptions, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LeadsPath } from '../../routes';
import { LeadColumnTitle } from '../lead-list/texts';
import { DistributionBlock } from './DistributionBlock';
import { useGetFeedbackLeadQuery } from './feedbackDetailApi';
import { FeedbackDetailText } from './texts';

const link = (url: string): ReactNode =>
  isHttpUrl(url) ? (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </Typography.Link>
  ) : (
    url
  );

function ContentView({ lead }: { lead: Lead }) {
  const view = leadContentView(lead.content);
  if (view === null) return FeedbackDetailText.None;
  if (typeof view === 'string') return <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{view}</Typography.Paragraph>;
  return <Descriptions size="small" column={1} items={view.map(({ label, value }) => ({ key: label, label, children: value }))} />;
}

function LeadDetail({ lead }: { lead: Lead }) {
  const answers = leadQuestionnaire(lead.datas);
  const calls = sortedCalls(lead.callData);
  const text = (value: string | null | undefined) => value || FeedbackDetailText.None;
  return (
    <>
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'itemTitle', label: LeadColumnTitle.itemTitle, children: lead.itemTitle },
          { key: 'name', label: LeadColumnTitle.name, children: lead.name },
          { key: 'mobile', label: LeadColumnTitle.mobile, children: lead.mobile },
          { key: 'mobileStatus', label: LeadColumnTitle.mobileStatus, children: mobileStatusLabel(lead.mobileStatus) },
          { key: 'other', label: LeadColumnTitle.other, children: text(lead.other) },
          { key: 'qq', label: LeadColumnTitle.qq, children: text(lead.qq) },
          { key: 'region', label: LeadColumnTitle.region, children: text(lead.region) },
          { key: 'ipArea', label: LeadColumnTitle.ipArea, children: text(lead.ipArea) },
          { key: 'channelTitle', label: LeadColumnTitle.channelTitle, children: text(lead.channelTitle) },
          { key: 'searchEngine', label: LeadColumnTitle.searchEngine, children: text(searchEngineLabel(lead.searchDomain)) },
          { key: 'searchWord', label: LeadColumnTitle.searchWord, children: text(lead.searchWord) },
          { key: 'genre', label: LeadColumnTitle.genre, children: lead.genreId === null ? FeedbackDetailText.None : genreLabel(lead.genreId) },
          {
            key: 'templateStyle',
            label: LeadColumnTitle.templateStyle,
            children: lead.templateStyle === null ? FeedbackDetailText.None : templateStyleLabel(lead.templateStyle),
          },
          { key: 'createTime', label: LeadColumnTitle.createTime, children: lead.createTime },
          { key: 'crmFollower', label: LeadColumnTitle.crmFollower, children: text(lead.crmFollower) },
          { key: 'readStatus', label: FeedbackDetailText.ReadStatus, children: EXPORT_READ_STATUS_LABELS[lead.readStatus] },
          { key: 'address', label: LeadColumnTitle.address, children: text(lead.address), span: 'filled' },
          {
            key: 'referrerUrl',
            label: FeedbackDetailText.Referrer,
            children: lead.referrerUrl ? link(lead.referrerUrl) : FeedbackDetailText.None,
            span: 'filled',
          },
          { key: 'pageUrl', label: LeadColumnTitle.pageUrl, children: lead.pageUrl ? link(lead.pageUrl) : FeedbackDetailText.None, span: 'filled' },
          { key: 'remark', label: LeadColumnTitle.remark, children: text(lead.remark), span: 'filled' },
          { key: 'content', label: LeadColumnTitle.content, children: <ContentView lead={lead} />, span: 'filled' },
        ]}
      />
      {answers.length > 0 ? (
        <Descriptions
          style={{ marginTop: 24 }}
          title={FeedbackDetailText.Questionnaire}
          bordered
          column={1}
          size="small"
          items={answers.map(({ label, value }, index) => ({ key: index, label, children: value }))}
        />
      ) : null}
      <DistributionBlock leadId={lead.id} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {FeedbackDetailText.FollowUps}
      </Typography.Title>
      {calls.length === 0 ? (
        <EmptyState />
      ) : (
        <Timeline
          items={calls.map((call) => ({
            key: `${call.id}-${call.callTime}`,
            content: (
              <>
                <Typography.Text type="secondary">{call.callTime}</Typography.Text>
                <div>{call.message}</div>
              </>
            ),
          }))}
        />
      )}
    </>
  );
}

/**
 * /feedback-detail?id=: one bidding lead's message in full. Opened from the list it shows the row
 * it was given at once while the server's copy loads.
 */
export function FeedbackDetailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const id = Number(searchParams.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const given = (location.state as { lead?: Lead } | null)?.lead;
  const fromList = given && given.id === id ? given : undefined;
  const query = useGetFeedbackLeadQuery(id, { skip: !valid });
  // Only the list's link gives a lead: back to that list as it was (its filters and page are in
  // its URL); opened otherwise (a link, a reload of a pasted URL), to the bidding list.
  const back = () => (given ? navigate(-1) : navigate(LeadsPath.Feedback));

  let body: ReactNode;
  if (!valid) body = <ErrorState message={LeadApiMessage.IdInvalid} />;
  // The list's row stands in until the server's copy comes (and stays if that call fails).
  else if (query.data === undefined && fromList) body = <LeadDetail lead={fromList} />;
  else
    body = (
      <QueryBlock query={query} isEmpty={() => false} minHeight={300}>
        {(shown) => <LeadDetail lead={shown} />}
      </QueryBlock>
    );

  return (
    <PageFrame title={FeedbackDetailText.Title} extra={<Button onClick={back}>{FeedbackDetailText.Back}</Button>}>
      {body}
    </PageFrame>
  );
}
