import { errorMessage, messagesApi, type Message, type MessageActionResult, type Page } from '@portal/api-client';
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  MessageText,
  messageListQuerySchema,
  NoticeStatus,
  NoticeType,
  noticeTypeLabel,
  totalPages,
  type MessageListQuery,
} from '@portal/contracts';
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
import { getEventBus, MessageArrivedEvent, setUnreadCounters } from '@portal/event-bus';
import { App, Badge, Button, Checkbox, Flex, Form, Input, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMessageCounts } from './useMessageCounts';

type TabKey = 'all' | 'system';

interface Filters {
  tab: TabKey;
  onlyUnread: boolean;
  contents: string;
}

interface SearchValues {
  contents?: string;
}

interface ListState {
  /** The last page answered; kept while the next one loads. */
  page: Page<Message> | null;
  loading: boolean;
  error: unknown;
}

const INITIAL_FILTERS: Filters = { tab: 'all', onlyUnread: false, contents: '' };
const FIRST_PAGING = { page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };

/** The list call's query: only the filters in force are sent. */
const listQuery = (filters: Filters, paging: typeof FIRST_PAGING): Partial<MessageListQuery> => ({
  page: paging.page,
  pageSize: paging.pageSize,
  ...(filters.tab === 'system' ? { type: NoticeType.System } : {}),
  ...(filters.onlyUnread ? { onlyUnread: 1 } : {}),
  ...(filters.contents ? { contents: filters.contents } : {}),
});

/** Every badge of the page moves at once: the counters answered by read, read-all and delete go on the bus. */
const publishCounters = (result: MessageActionResult) => setUnreadCounters({ messages: result.unread });

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
 * and delete, read all. After each change the server's counters go on the event bus.
 */
export function MessageCenterPage() {
  const { message } = App.useApp();
  const counts = useMessageCounts();
  const [filters, setFilters] = useState<Filters>(INITIAL_FILTERS);
  const [paging, setPaging] = useState(FIRST_PAGING);
  const [reloads, setReloads] = useState(0);
  const [list, setList] = useState<ListState>({ page: null, loading: true, error: null });
  const [expandedIds, setExpandedIds] = useState<number[]>([]);
  const [readingAll, setReadingAll] = useState(false);
  // Rows being read: expanding twice while the call runs reads once.
  const reading = useRef(new Set<number>());

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const query = useMemo(() => listQuery(filters, paging), [filters, paging]);

  useEffect(() => {
    let current = true;
    setList((state) => ({ ...state, loading: true }));
    messagesApi.list(query).then(
      (page) => current && setList({ page, loading: false, error: null }),
      (error: unknown) => current && setList({ page: null, loading: false, error }),
    );
    return () => {
      current = false;
    };
  }, [query, reloads]);

  // The badges start from the server's counts even before the socket has said anything.
  useEffect(() => {
    messagesApi.unreadCounts().then(
      (unread) => setUnreadCounters({ messages: unread }),
      () => undefined,
    );
  }, []);

  // A new notice shows at once.
  useEffect(() => {
    const subscription = getEventBus().subscribe(MessageArrivedEvent, reload);
    return () => subscription.unsubscribe();
  }, [reload]);

  const rows = useMemo(() => list.page?.rows ?? [], [list.page]);
  const total = list.page?.pagination.totalRow ?? 0;
  // Chosen notices stay chosen across pages; a new tab, 只看未读 or search starts afresh.
  const selection = usePagedSelection<Message>({ rows, rowKey: messageKey, resetKey: JSON.stringify(filters) });
  const selectedIds = selection.keys.map(Number);

  /** A new filter shows its first page, with nothing selected or expanded. */
  const changeFilters = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPaging((current) => ({ ...current, page: FIRST_PAGE }));
    selection.clear();
    setExpandedIds([]);
  };

  const markReadInPlace = (id: number) =>
    setList((state) =>
      state.page
        ? { ...state, page: { ...state.page, rows: state.page.rows.map((r) => (r.id === id ? { ...r, status: NoticeStatus.Read } : r)) } }
        : state,
    );

  const expand = async (expanded: boolean, row: Message) => {
    setExpandedIds((ids) => (expanded ? [...ids.filter((id) => id !== row.id), row.id] : ids.filter((id) => id !== row.id)));
    if (!expanded || row.status !== NoticeStatus.Unread || reading.current.has(row.id)) return;
    reading.current.add(row.id);
    try {
      publishCounters(await messagesApi.read(row.id));
      // Under 只看未读 a reload would take away the notice being read: it stays, shown as read,
      // until the filter or page changes. Otherwise the list reloads (spec 000 section 4).
      if (filters.onlyUnread) markReadInPlace(row.id);
      else reload();
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      reading.current.delete(row.id);
    }
  };

  const remove = async () => {
    try {
      publishCounters(await messagesApi.deleteList(selectedIds));
      message.success(MessageText.DeleteSucceeded);
      // The chosen notices may lie on several pages: past the new last page, show the last page.
      const lastPage = totalPages(total - selectedIds.length, paging.pageSize);
      selection.clear();
      if (paging.page > lastPage) setPaging((current) => ({ ...current, page: lastPage }));
      else reload();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const readAll = async () => {
    setReadingAll(true);
    try {
      // On the system tab, read-all reads the system notices only.
      publishCounters(await messagesApi.readAll(filters.tab === 'system' ? NoticeType.System : undefined));
      message.success(MessageText.ReadSucceeded);
      reload();
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setReadingAll(false);
    }
  };

  const tabLabel = (text: string, count: number) => (
    <Space size={6}>
      {text}
      <CountBadge count={count} />
    </Space>
  );

  let body;
  if (list.error) body = <ErrorState message={errorMessage(list.error, MessageText.LoadFailed)} onRetry={reload} />;
  else if (!list.page) body = <LoadingState />;
  else
    body = (
      <PortalTable<Message>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.loading}
        emptyText={MessageText.Empty}
        expandable={{
          expandedRowKeys: expandedIds,
          onExpand: (expanded, row) => void expand(expanded, row),
          expandedRowRender: (row) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.contents}</Typography.Paragraph>
          ),
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
        onChange={(tab) => changeFilters({ tab: tab as TabKey })}
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
        loading={list.loading && list.page !== null}
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
