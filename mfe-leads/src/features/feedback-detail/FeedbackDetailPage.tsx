import { EXPORT_READ_STATUS_LABELS, genreLabel, ReadStatus, searchEngineLabel, templateStyleLabel } from '@portal/contracts';
import { isHttpUrl, LeadApiMessage, leadContentView, leadFamilyOf, leadQuestionnaire, sortedCalls, type Lead } from '@portal/contracts/leads';
import { EmptyState, ErrorState, PageFrame, QueryBlock } from '@portal/design-system';
import { Button, Descriptions, Flex, Timeline, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LeadsPath } from '../../routes';
import { useManualAssign } from '../assign/useManualAssign';
import { LeadRowActions } from '../lead-list/LeadRowActions';
import { useChangeLeadsMutation } from '../lead-list/leadListApi';
import { PhoneTypeCell } from '../lead-list/PhoneTypeCell';
import { QuestionnaireDialog } from '../lead-list/QuestionnaireDialog';
import { RemarkCell } from '../lead-list/RemarkCell';
import { LeadColumnTitle } from '../lead-list/texts';
import { applyUnreadCounts } from '../lead-list/unreadCounter';
import { useLeadActions } from '../lead-list/useLeadActions';
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

/** What the page does to its lead: the list row's actions (the list's own components and hooks). */
interface LeadDetailActions {
  remark: (lead: Lead) => ReactNode;
  actions: (lead: Lead) => ReactNode;
}

function LeadDetail({ lead, act }: { lead: Lead; act: LeadDetailActions }) {
  const answers = leadQuestionnaire(lead.datas);
  const calls = sortedCalls(lead.callData);
  const text = (value: string | null | undefined) => value || FeedbackDetailText.None;
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }} role="group" aria-label={FeedbackDetailText.Actions}>
        {act.actions(lead)}
      </Flex>
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'itemTitle', label: LeadColumnTitle.itemTitle, children: lead.itemTitle },
          { key: 'name', label: LeadColumnTitle.name, children: lead.name },
          { key: 'mobile', label: LeadColumnTitle.mobile, children: lead.mobile },
          { key: 'mobileStatus', label: LeadColumnTitle.mobileStatus, children: <PhoneTypeCell lead={lead} /> },
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
          { key: 'remark', label: LeadColumnTitle.remark, children: act.remark(lead), span: 'filled' },
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
 * it was given at once while the server's copy loads. Opening an unread lead marks it read (the
 * read toggle marks it unread again); the page offers the list row's actions (read toggle,
 * remark, manual assignment, questionnaire, delete) with the list's own components.
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

  // The lists' actions change the lists' cache; the page asks for its lead again after each.
  const refetch = query.refetch;
  const reload = () => {
    if (valid) void refetch();
  };
  const actions = useLeadActions();
  const assign = useManualAssign(reload);
  const [questionnaireLead, setQuestionnaireLead] = useState<Lead | null>(null);

  // Read on open: once per lead shown unread, quietly (the shared unread counters follow).
  const shown = query.data ?? fromList;
  const [changeLeads] = useChangeLeadsMutation();
  const markedRead = useRef<number | null>(null);
  useEffect(() => {
    if (!shown || shown.readStatus === ReadStatus.Read || markedRead.current === shown.id) return;
    markedRead.current = shown.id;
    changeLeads({ family: leadFamilyOf(shown.listKind), change: 'read', ids: [shown.id] })
      .unwrap()
      .then((result) => {
        applyUnreadCounts(result);
        void refetch();
      })
      // Not marked: the lead stays unread, and the read toggle is there to try again.
      .catch(() => undefined);
  }, [shown, changeLeads, refetch]);

  const act: LeadDetailActions = {
    remark: (lead) => (
      <RemarkCell
        key={`${lead.id}-${lead.remark}`}
        remark={lead.remark}
        {...(actions.canEditRemark(lead)
          ? {
              onSave: async (remark: string) => {
                const saved = await actions.saveRemark(lead, remark);
                if (saved) reload();
                return saved;
              },
            }
          : {})}
      />
    ),
    actions: (lead) => (
      <LeadRowActions
        lead={lead}
        onToggleRead={(target) => void actions.toggleRead(target).then(reload)}
        onQuestionnaire={setQuestionnaireLead}
        onAssign={(target) => void assign.start([target])}
        onDelete={async (target) => {
          await actions.remove(target);
          back();
        }}
      />
    ),
  };

  let body: ReactNode;
  if (!valid) body = <ErrorState message={LeadApiMessage.IdInvalid} />;
  // The list's row stands in until the server's copy comes (and stays if that call fails).
  else if (query.data === undefined && fromList) body = <LeadDetail lead={fromList} act={act} />;
  else
    body = (
      <QueryBlock query={query} isEmpty={() => false} minHeight={300}>
        {(lead) => <LeadDetail lead={lead} act={act} />}
      </QueryBlock>
    );

  return (
    <PageFrame title={FeedbackDetailText.Title} extra={<Button onClick={back}>{FeedbackDetailText.Back}</Button>}>
      {body}
      {assign.dialog}
      <QuestionnaireDialog lead={questionnaireLead} onClose={() => setQuestionnaireLead(null)} />
    </PageFrame>
  );
}
