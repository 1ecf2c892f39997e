import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, FIRST_PAGE, NoticeStatus, NoticeType, noticeTypeLabel, totalPages } from '@portal/contracts';
import { MessageText, messageListQuerySchema, type Message } from '@portal/contracts/messages';
import {
  ConfirmAction,
  CountBadge,
  ErrorState,
  LoadingState,
  PageFrame,
  PortalTable,
  SearchBar,
  usePagedSelection,
  zodRule,
} from '@portal/design-system';
import { App, Badge, Button, Checkbox, Flex, Form, Input, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { applyServerCounters } from '../../store/ownCounters';
import {
  useDeleteMessagesMutation,
  useMessagesQuery,
  useMessageUnreadCountsQuery,
  useReadAllMessagesMutation,
  useReadMessageMutation,
} from '../../store/shellApi';
import { FIRST_PAGING, INITIAL_FILTERS, listQuery, type MessageFilters, type MessageTab, openedMessageId } from './messageQueries';
import { useMessageCounts } from './useMessageCounts';

interface SearchValues {
  contents?: string;
}

const columns: TableColumnsType<Message> = [
  {
    key: 'type',
    title: MessageText.ColumnType,
    dataIndex: 'type',
    width: 110,
    render: (type: Message['type']) => <Tag color={type === NoticeType.System ? 'blue' : 'green'}>{noticeTypeLabel(type)}</Tag>,
  },
  {
    key: 'title',
    title: MessageText.ColumnTitle,
    dataIndex: 'title',
    render: (title: string, row) => (
      <Space size={8}>
        <Typography.Text strong={row.status === NoticeStatus.Unread}>{title}</Typography.Text>
        {row.status === NoticeStatus.Unread ? <Badge count={MessageText.NewBadge} size="small" /> : null}
      </Space>
    ),
  },
  { key: 'createTime', title: MessageText.ColumnTime, dataIndex: 'createTime', width: 180 },
];

const messageKey = (row: Message): number => row.id;

/**
 * `/message-center` and `/messages` (spec 000 sections 2-4): all notices or the system tab, each
 * with its unread count; only unread, content search; expanding an unread row reads it; selection
 * and delete, read all. After each change the server's counters go on the event bus. The list is
 * the shell's cached `messages` query: a notice arriving (or the counters changing elsewhere)
 * refreshes it through the bus bridge, as it does the notification popover's. `?open=<id>` (a
 * bell item, messageDetailRoute) opens that notice: 只看未读 on, its row expanded and read.
 */
export function MessageCenterPage() {
  const { message } = App.useApp();
  const counts = useMessageCounts();
  const [searchParams] = useSearchParams();
  const openId = openedMessageId(searchParams);
  const [filters, setFilters] = useState<MessageFilters>(openId === null ? INITIAL_FILTERS : { ...INITIAL_FILTERS, onlyUnread: true });
  const [paging, setPaging] = useState(FIRST_PAGING);
  const [expandedIds, setExpandedIds] = useState<number[]>(openId === null ? [] : [openId]);
  // Rows being read: expanding twice while the call runs reads once.
  const reading = useRef(new Set<number>());
  // The notice the URL opens, once applied (at mount by the states above) and once read.
  const appliedOpen = useRef<number | null>(openId);
  const readOpen = useRef<number | null>(null);

  const query = useMemo(() => listQuery(filters, paging), [filters, paging]);
  // The last page answered stays on screen while the next one loads.
  const { data: page, error, isError, isFetching, refetch } = useMessagesQuery(query);
  const [readMessage] = useReadMessageMutation();
  const [readAllMessages, { isLoading: readingAll }] = useReadAllMessagesMutation();
  const [deleteMessages] = useDeleteMessagesMutation();

  // The badges start from the server's counts even before the socket has said anything.
  const { data: serverCounts } = useMessageUnreadCountsQuery(undefined, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (serverCounts) applyServerCounters(serverCounts);
  }, [serverCounts]);

  const rows = useMemo(() => page?.rows ?? [], [page]);
  const total = page?.pagination.totalRow ?? 0;
  // Chosen notices stay chosen across pages; a new tab, 只看未读 or search starts afresh.
  const selection = usePagedSelection<Message>({ rows, rowKey: messageKey, resetKey: JSON.stringify(filters) });
  const selectedIds = selection.keys.map(Number);

  /** A new filter shows its first page, with nothing selected or expanded. */
  const changeFilters = (patch: Partial<MessageFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPaging((current) => ({ ...current, page: FIRST_PAGE }));
    selection.clear();
    setExpandedIds([]);
  };

  const read = useCallback(
    async (row: Message) => {
      if (row.status !== NoticeStatus.Unread || reading.current.has(row.id)) return;
      reading.current.add(row.id);
      try {
        // The row shows as read at once. Under 只看未读 a reload would take away the notice being
        // read: it stays until the filter or page changes. Otherwise the list reloads (spec 000
        // section 4). The answered counters go on the bus.
        await readMessage({ id: row.id, keepListed: filters.onlyUnread }).unwrap();
      } catch (failure) {
        message.error(queryErrorMessage(failure, CommonMessage.OperationFailed));
      } finally {
        reading.current.delete(row.id);
      }
    },
    [filters.onlyUnread, message, readMessage],
  );

  const expand = async (expanded: boolean, row: Message) => {
    setExpandedIds((ids) => (expanded ? [...ids.filter((id) => id !== row.id), row.id] : ids.filter((id) => id !== row.id)));
    if (expanded) await read(row);
  };

  // A bell item followed while the centre is shown: the same as opening it anew.
  useEffect(() => {
    if (openId === null || appliedOpen.current === openId) return;
    appliedOpen.current = openId;
    setFilters({ ...INITIAL_FILTERS, onlyUnread: true });
    setPaging(FIRST_PAGING);
    setExpandedIds([openId]);
  }, [openId]);
  // The opened notice is read once its row is listed, as expanding it by hand reads it.
  useEffect(() => {
    if (openId === null || readOpen.current === openId) return;
    const row = rows.find((one) => one.id === openId);
    if (!row) return;
    readOpen.current = openId;
    void read(row);
  }, [openId, rows, read]);

  const remove = async () => {
    try {
      // The lists reload and the answered counters go on the bus.
      await deleteMessages(selectedIds).unwrap();
      message.success(MessageText.DeleteSucceeded);
      // The chosen notices may lie on several pages: past the new last page, show the last page.
      const lastPage = totalPages(total - selectedIds.length, paging.pageSize);
      selection.clear();
      if (paging.page > lastPage) setPaging((current) => ({ ...current, page: lastPage }));
    } catch (failure) {
      message.error(queryErrorMessage(failure, CommonMessage.OperationFailed));
    }
  };

  const readAll = async () => {
    try {
      // On the system tab, read-all reads the system notices only. The lists reload.
      await readAllMessages({ type: filters.tab === 'system' ? NoticeType.System : undefined }).unwrap();
      message.success(MessageText.ReadSucceeded);
    } catch (failure) {
      message.error(queryErrorMessage(failure, CommonMessage.OperationFailed));
    }
  };

  const tabLabel = (text: string, count: number) => (
    <Space size={6}>
      {text}
      <CountBadge count={count} />
    </Space>
  );

  let body;
  if (isError && !isFetching) body = <ErrorState message={queryErrorMessage(error, MessageText.LoadFailed)} onRetry={() => void refetch()} />;
  else if (!page) body = <LoadingState />;
  else
    body = (
      <PortalTable<Message>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        emptyText={MessageText.Empty}
        expandable={{
          expandedRowKeys: expandedIds,
          onExpand: (expanded, row) => void expand(expanded, row),
          expandedRowRender: (row) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.contents}</Typography.Paragraph>,
        }}
        pagination={{ page: paging.page, pageSize: paging.pageSize, total }}
        onPageChange={(page, pageSize) => {
          setPaging((current) => ({ page: pageSize === current.pageSize ? page : FIRST_PAGE, pageSize }));
        }}
        selection={selection}
      />
    );

  return (
    <PageFrame title={MessageText.MessageCenter}>
      <Tabs
        activeKey={filters.tab}
        onChange={(tab) => changeFilters({ tab: tab as MessageTab })}
        items={[
          { key: 'all', label: tabLabel(MessageText.AllTab, counts.customer) },
          { key: 'system', label: tabLabel(MessageText.SystemTab, counts.system) },
        ]}
      />
      <SearchBar<SearchValues>
        onSearch={(values) => {
          // Even with the same text, 查询 asks the server again: new filters are a new query.
          changeFilters({ contents: values.contents?.trim() ?? '' });
        }}
        loading={isFetching && page !== undefined}
      >
        <Form.Item name="contents" label={MessageText.SearchLabel} rules={[zodRule(messageListQuerySchema, 'contents', { required: false })]}>
          <Input allowClear placeholder={MessageText.SearchPlaceholder} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Checkbox checked={filters.onlyUnread} onChange={(event) => changeFilters({ onlyUnread: event.target.checked })}>
          {MessageText.OnlyUnread}
        </Checkbox>
        <Space wrap>
          <ConfirmAction disabled={selectedIds.length === 0} onConfirm={remove}>
            <Button danger onClick={selectedIds.length === 0 ? () => void message.warning(MessageText.IdsRequired) : undefined}>
              {MessageText.Delete}
            </Button>
          </ConfirmAction>
          <Button onClick={() => void readAll()} loading={readingAll}>
            {MessageText.ReadAll}
          </Button>
        </Space>
      </Flex>
      {body}
    </PageFrame>
  );
}
