import { CHINA_UTC_OFFSET_MS } from '@portal/contracts';
import { type Message } from '@portal/contracts/messages';

/** Test data: a notice as the list call answers it. */
export const messageRow = (overrides: Partial<Message> = {}): Message => ({
  id: 1,
  title: '系统维护通知',
  contents: '本周六 02:00-04:00 系统维护，期间暂停服务。',
  createTime: '2026-03-01 09:30:00',
  type: 0,
  status: 0,
  ...overrides,
});

/** The server time (China, 'YYYY-MM-DD HH:mm:ss') `ms` before now. */
export const chinaTimeAgo = (ms: number, now = Date.now()): string =>
  new Date(now - ms + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The x-pagination-info header of a list answer. */
export const paginationHeader = (totalRow: number, page = 1, pageSize = 10) => ({
  'x-pagination-info': JSON.stringify({ page, pageSize, totalRow, totalPage: Math.max(1, Math.ceil(totalRow / pageSize)) }),
});

/** What read, read-all and delete answer. */
export const actionResult = (count: number, unread: { system: number; user: number; customer: number }) => ({
  body: { code: '200', message: '操作成功', data: { count, unread } },
});
