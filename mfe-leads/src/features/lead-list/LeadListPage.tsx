import { queryErrorMessage } from '@portal/api-client';
import { canAssignManually, ExportReadStatus, FileGenre, FIRST_PAGE, LeadMessage, type PlatformItem } from '@portal/contracts';
import { LEAD_BATCH_MAX, LeadApiMessage, PhoneCheckText, type Lead } from '@portal/contracts/leads';
import { ConfirmAction, DesignSystemText, PageFrame, PortalTable, usePagedSelection, useUrlListState } from '@portal/design-system';
import { Alert, App, Button, Flex, Space, Switch, Typography } from 'antd';
import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useManualAssign } from '../assign/useManualAssign';
import { ChatTranscriptDialog } from './ChatTranscriptDialog';
import { ExportDialog } from '../export/ExportDialog';
import { LeadRulesDialog } from '../lead-rules/LeadRulesDialog';
import { useGetLeadRulesQuery } from '../lead-rules/leadRulesApi';
import { LeadRulesText } from '../lead-rules/texts';
import { leadColumns, useCompactColumns } from './leadColumns';
import { defaultLeadFilters, leadFiltersFromQuery, leadFiltersToQuery, leadListParams, type LeadFilters } from './leadFilters';
import type { LeadListDefinition } from './LeadListDefinition';
import { useGetLeadItemsQuery, useGetLeadsQuery } from './leadListApi';
import { LeadRowActions } from './LeadRowActions';
import { LeadSearchBar } from './LeadSearchBar';
import { QuestionnaireDialog } from './QuestionnaireDialog';
import { RemarkCell } from './RemarkCell';
import { ResourceSummary } from './ResourceSummary';
import { LeadListText } from './texts';
import { useLeadActions } from './useLeadActions';
import { useReloadOnPush } from './useReloadOnPush';

export interface LeadListPageProps {
  list: LeadListDefinition;
}

const leadKey = (lead: Lead): number => lead.id;
const NO_ITEMS: readonly PlatformItem[] = [];
const leadNames = (leads: readonly Lead[]): string => leads.map((lead) => `${lead.name}(${lead.mobile})`).join('、');

/**
 * One lead list (spec 000 section 2, "Lead lists"): filters, export, the duplicate rule (重复规则),
 * batch delete / read / unread / manual assignment / 重新检测号码 (where the server has a phone
 * checker), and a paged table whose columns the list's definition names. Bidding,
 * information feed, form, message board and smart investment are this page configured.
 */
export function LeadListPage({ list }: LeadListPageProps) {
  const { message } = App.useApp();
  // Filters and page live in the URL: kept across the detail page and back, and linkable.
  const listState = useUrlListState({ defaults: defaultLeadFilters, parse: leadFiltersFromQuery, serialize: leadFiltersToQuery });
  const { filters, paging } = listState;
  const [showPageUrl, setShowPageUrl] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [editingRules, setEditingRules] = useState(false);
  const [questionnaireLead, setQuestionnaireLead] = useState<Lead | null>(null);
  const [transcriptLead, setTranscriptLead] = useState<Lead | null>(null);

  const itemsQuery = useGetLeadItemsQuery();
  // Every project of the customer, whatever its status or modeType, is offered in the filter and
  // the export (issue 27): a lead of a project left out (modeType 1 ones were) could never be
  // narrowed to or exported.
  const items = itemsQuery.data ?? NO_ITEMS;
  const params = leadListParams(filters, paging, list.fixedParams);
  const leads = useGetLeadsQuery({ kind: list.kind, params });
  // A failed list call empties the table (spec 001 section 8).
  const rows = useMemo(() => (leads.isError ? [] : (leads.data?.rows ?? [])), [leads.isError, leads.data]);
  // Chosen rows stay chosen across pages and page sizes; new filters start afresh. A batch acts on
  // every chosen lead, at most LEAD_BATCH_MAX (what one batch call may name).
  const selection = usePagedSelection<Lead>({
    rows,
    rowKey: leadKey,
    resetKey: JSON.stringify(filters),
    max: LEAD_BATCH_MAX,
    onLimit: () => void message.warning(LeadApiMessage.TooMany),
  });
  const selected = selection.rows;
  const clearSelection = selection.clear;

  const actions = useLeadActions();
  const assign = useManualAssign(clearSelection);
  // 重新检测号码 only where the server has a phone checker (the lead rules say so; hidden until they do).
  const phoneChecker = useGetLeadRulesQuery().data?.phoneChecker === true;

  // New leads of this list (socket or poll, announced on the bus by the shell): on page 1 with
  // nothing selected the table reloads at once; otherwise a notice offers the reload, so that
  // the rows under the user's hand do not move.
  const [arrived, setArrived] = useState(0);
  const undisturbed = useRef(true);
  undisturbed.current = paging.page === FIRST_PAGE && selection.count === 0;
  const refetchLeads = useRef(leads.refetch);
  refetchLeads.current = leads.refetch;
  useEffect(() => {
    const subscription = getEventBus().subscribe(LeadArrivedEvent, (event) => {
      if (event.payload.list !== list.kind) return;
      if (undisturbed.current) void refetchLeads.current();
      else setArrived((count) => count + event.payload.count);
    });
    return () => subscription.unsubscribe();
  }, [list.kind]);
  // The push state of a shown lead changed (socket): the page reloads to show it.
  useReloadOnPush(list.kind, rows.map(leadKey), () => leads.refetch());

  const showArrived = () => {
    setArrived(0);
    clearSelection();
    listState.changePage(FIRST_PAGE, paging.pageSize);
    void leads.refetch();
  };

  const search = (next: LeadFilters) => {
    setArrived(0);
    const nextPaging = { ...paging, page: FIRST_PAGE };
    // 查询 with the same filters asks the server again (new leads may have come).
    if (JSON.stringify(leadListParams(next, nextPaging, list.fixedParams)) === JSON.stringify(params)) void leads.refetch();
    listState.search(next);
    // New filters clear the choice by themselves; 查询 with the same ones starts afresh too.
    clearSelection();
  };

  const whenSelected = (nothingSelected: string, run: (leads: Lead[]) => void) => () => {
    if (selected.length === 0) message.warning(nothingSelected);
    else run(selected);
  };

  const batchAssign = whenSelected(LeadMessage.NothingSelectedAssign, (chosen) => {
    const assignable = chosen.filter(canAssignManually);
    const skipped = chosen.filter((lead) => !canAssignManually(lead));
    if (assignable.length === 0) {
      message.warning(LeadListText.NoneAssignable);
      return;
    }
    if (skipped.length > 0) message.info(LeadListText.skipped(skipped.length, leadNames(skipped)));
    void assign.start(assignable);
  });

  const afterBatch = (done: boolean) => {
    if (done) clearSelection();
  };

  const compact = useCompactColumns();
  const columns = leadColumns(list.columns, {
    rows,
    showPageUrl,
    compact,
    renderRemark: (lead) => (
      <RemarkCell
        key={`${lead.id}-${lead.remark}`}
        remark={lead.remark}
        {...(actions.canEditRemark(lead) ? { onSave: (remark: string) => actions.saveRemark(lead, remark) } : {})}
      />
    ),
    renderActions: (lead) => (
      <LeadRowActions
        lead={lead}
        detailPage={list.detailPage}
        onToggleRead={(target) => void actions.toggleRead(target)}
        onQuestionnaire={setQuestionnaireLead}
        onTranscript={setTranscriptLead}
        onAssign={(target) => void assign.start([target])}
        onDelete={async (target) => {
          await actions.remove(target);
          selection.deselect([target.id]);
        }}
      />
    ),
  });

  return (
    <PageFrame title={list.title}>
      {list.summary ? <ResourceSummary /> : null}
      <LeadSearchBar
        values={filters}
        defaults={listState.defaults}
        items={items}
        itemsLoading={itemsQuery.isLoading}
        loading={leads.isFetching}
        onSearch={search}
        extra={
          <>
            <Button onClick={() => setExporting(true)}>{LeadListText.Export}</Button>
            <Button aria-haspopup="dialog" onClick={() => setEditingRules(true)}>
              {LeadRulesText.Open}
            </Button>
          </>
        }
      />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space wrap>
          <ConfirmAction disabled={selected.length === 0} onConfirm={async () => afterBatch(await actions.batchDelete(selected))}>
            <Button danger onClick={selected.length === 0 ? whenSelected(LeadMessage.NothingSelectedDelete, () => undefined) : undefined}>
              {LeadListText.BatchDelete}
            </Button>
          </ConfirmAction>
          <Button onClick={whenSelected(LeadMessage.NothingSelectedList, async (chosen) => afterBatch(await actions.batchRead(chosen)))}>
            {LeadListText.BatchRead}
          </Button>
          <Button onClick={whenSelected(LeadMessage.NothingSelectedInfo, async (chosen) => afterBatch(await actions.batchUnread(chosen)))}>
            {LeadListText.BatchUnread}
          </Button>
          <Button onClick={batchAssign}>{LeadListText.BatchAssign}</Button>
          {phoneChecker ? (
            <Button
              disabled={selected.length === 0}
              onClick={whenSelected(PhoneCheckText.RecheckNone, async (chosen) => afterBatch(await actions.batchRecheckPhones(chosen)))}
            >
              {PhoneCheckText.Recheck}
            </Button>
          ) : null}
          {selected.length > 0 ? <Typography.Text type="secondary">{DesignSystemText.selected(selected.length)}</Typography.Text> : null}
        </Space>
        <Space>
          <Typography.Text>{LeadListText.ShowPageUrl}</Typography.Text>
          <Switch aria-label={LeadListText.ShowPageUrl} checked={showPageUrl} onChange={setShowPageUrl} size="small" />
        </Space>
      </Flex>
      {arrived > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={LeadListText.arrived(arrived)}
          action={
            <Button size="small" type="primary" onClick={showArrived}>
              {LeadListText.Refresh}
            </Button>
          }
        />
      ) : null}
      {leads.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={queryErrorMessage(leads.error)}
          action={
            <Button size="small" onClick={() => void leads.refetch()}>
              {LeadListText.Retry}
            </Button>
          }
        />
      ) : null}
      <PortalTable<Lead>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={leads.isFetching}
        pagination={{ page: paging.page, pageSize: paging.pageSize, total: leads.isError ? 0 : (leads.data?.pagination.totalRow ?? 0) }}
        onPageChange={(page, pageSize) => listState.changePage(page, pageSize)}
        selection={selection}
      />
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        kind={list.kind}
        fixedParams={list.fixedParams}
        items={items}
        initialValues={{
          dateRange: filters.dateRange ?? undefined,
          itemId: filters.itemId,
          readStatus: (filters.readStatus as -1 | 0 | 1) ?? ExportReadStatus.Any,
          fileGenre: FileGenre.Csv,
          duplicate: filters.duplicate,
        }}
      />
      <LeadRulesDialog open={editingRules} onClose={() => setEditingRules(false)} />
      <QuestionnaireDialog lead={questionnaireLead} onClose={() => setQuestionnaireLead(null)} />
      <ChatTranscriptDialog lead={transcriptLead} onClose={() => setTranscriptLead(null)} />
      {assign.dialog}
    </PageFrame>
  );
}
