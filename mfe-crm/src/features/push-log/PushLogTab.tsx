import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, LeadMessage, type CrmCode } from '@portal/contracts';
import { CrmMessage, type PushLogRow } from '@portal/contracts/crm';
import { ConfirmAction, QueryBlock } from '@portal/design-system';
import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { skipToken } from '@reduxjs/toolkit/query';
import { App, Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { ConnectionAlert } from '../connection/ConnectionAlert';
import { useGetConnectionQuery } from '../connection/connectionApi';
import { AttemptHistory } from './AttemptHistory';
import { DEFAULT_PUSH_LOG_FILTERS, FIRST_PUSH_LOG_PAGE, pushLogQuery, retryFilter, type PushLogFilters, type PushLogPaging } from './pushLogFilters';
import { useGetPushAttemptsQuery, useGetPushLogQuery, useRetryFailedPushesMutation, useRetryPushMutation } from './pushLogApi';
import { PushLogSearchBar } from './PushLogSearchBar';
import { PushLogTable } from './PushLogTable';
import { PushLogText } from './texts';

/** The drawer of one push's attempts. */
function AttemptDrawer({ row, onClose }: { row: PushLogRow | null; onClose: () => void }) {
  const attempts = useGetPushAttemptsQuery(row ? { params: { id: row.id } } : skipToken);
  return (
    <Drawer open={row !== null} onClose={onClose} size={560} title={row ? PushLogText.historyTitle(row.leadName, row.mobile) : ''} destroyOnHidden>
      {row && (
        <QueryBlock query={attempts} keepPrevious={false} emptyText={PushLogText.NoAttempts}>
          {(list) => <AttemptHistory attempts={list} />}
        </QueryBlock>
      )}
    </Drawer>
  );
}

export interface PushLogTabProps {
  crmCode: CrmCode;
}

/**
 * 推送记录: what became of each lead's push to this CRM (kept 90 days). Filters (state, days,
 * phone), the paged list, a push's attempts in a drawer, 重新推送 of a refused or failed push and
 * 全部重新推送 of the filter's failed ones (each after '确定操作？'), and the connection's state
 * (paused: 恢复推送). New leads (the realtime bus) and 刷新 ask again.
 */
export function PushLogTab({ crmCode }: PushLogTabProps) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<PushLogFilters>(DEFAULT_PUSH_LOG_FILTERS);
  const [paging, setPaging] = useState<PushLogPaging>(FIRST_PUSH_LOG_PAGE);
  const [viewed, setViewed] = useState<PushLogRow | null>(null);
  // Pushes move on by the minute: filters or a page seen before are asked again, not taken from the cache.
  const log = useGetPushLogQuery({ query: pushLogQuery(crmCode, filters, paging) }, { refetchOnMountOrArgChange: true });
  const connection = useGetConnectionQuery(crmCode);
  const [retry] = useRetryPushMutation();
  const [retryFailed, retryingAll] = useRetryFailedPushesMutation();
  const { refetch: refetchLog } = log;
  const { refetch: refetchConnection } = connection;

  useEffect(() => {
    const subscription = getEventBus().subscribe(LeadArrivedEvent, () => {
      void refetchLog();
      void refetchConnection();
    });
    return () => subscription.unsubscribe();
  }, [refetchLog, refetchConnection]);

  const refresh = () => {
    void refetchLog();
    void refetchConnection();
  };

  const retried = async (call: () => Promise<{ count: number }>) => {
    try {
      const { count } = await call();
      message.success(PushLogText.retried(CrmMessage.RetryQueued, count));
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };

  return (
    <>
      {connection.data && <ConnectionAlert crmCode={crmCode} connection={connection.data} />}
      <PushLogSearchBar
        loading={log.isFetching}
        onSearch={(next) => {
          setFilters(next);
          setPaging((current) => ({ ...current, page: FIRST_PUSH_LOG_PAGE.page }));
          // The same filters on the first page: ask again, pushes move on meanwhile.
          if (JSON.stringify(next) === JSON.stringify(filters) && paging.page === FIRST_PUSH_LOG_PAGE.page) refresh();
        }}
        extra={
          <>
            <Button onClick={refresh}>{PushLogText.Refresh}</Button>
            <ConfirmAction
              title={LeadMessage.ConfirmOperation}
              cancelMessage={CommonMessage.OperationCancelled}
              onConfirm={() => retried(() => retryFailed({ body: retryFilter(crmCode, filters) }).unwrap())}
            >
              <Button loading={retryingAll.isLoading}>{PushLogText.RetryAll}</Button>
            </ConfirmAction>
          </>
        }
      />
      <QueryBlock query={log} isEmpty={(page) => page.rows.length === 0} emptyText={PushLogText.Empty}>
        {(page) => (
          <PushLogTable
            page={page}
            loading={log.isFetching}
            onPageChange={(page, pageSize) =>
              setPaging((current) => ({ page: pageSize === current.pageSize ? page : FIRST_PUSH_LOG_PAGE.page, pageSize }))
            }
            onView={setViewed}
            onRetry={(row) => retried(() => retry({ params: { id: row.id } }).unwrap())}
          />
        )}
      </QueryBlock>
      <AttemptDrawer row={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
