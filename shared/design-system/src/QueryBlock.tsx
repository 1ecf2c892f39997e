import { CommonMessage } from '@portal/contracts';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingState } from './LoadingState';

/** What QueryBlock reads of a query: the shape of an RTK Query hook's result. */
export interface QueryBlockQuery<T> {
  /** The last answer (kept while new arguments load). */
  data?: T;
  /** The answer for the current arguments only. */
  currentData?: T;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  /** The portal's query errors carry the Chinese text to show in `message` (the api-client's base query). */
  error?: unknown;
  refetch: () => unknown;
}

export interface QueryBlockProps<T> {
  query: QueryBlockQuery<T>;
  /** The block's content, given the answer. */
  children: (data: T) => ReactNode;
  /** Whether the answer is nothing to show; default: an empty array. */
  isEmpty?: (data: T) => boolean;
  /** Default '暂无数据'. */
  emptyText?: ReactNode;
  /** The failure text when the error carries none; default '数据获取失败' (spec 001 section 8). */
  errorText?: string;
  /**
   * While new arguments load, keep showing the previous answer (a pager: the page does not jump).
   * Default true; false shows the loading state until the answer for the new arguments comes.
   */
  keepPrevious?: boolean;
  /** The area's height while loading or empty, so that the page does not jump. */
  minHeight?: number;
}

/** The Chinese text of a failed query: the server's (or the network's) message, else `fallback`. */
export function queryErrorText(error: unknown, fallback: string = CommonMessage.DataFetchFailed): string {
  const message = error !== null && typeof error === 'object' && 'message' in error ? (error as { message: unknown }).message : undefined;
  // The generic '操作失败' says less than the block's own fallback.
  return typeof message === 'string' && message.trim() !== '' && message !== CommonMessage.OperationFailed ? message : fallback;
}

const emptyArray = (data: unknown): boolean => Array.isArray(data) && data.length === 0;

/**
 * Whether asking again can help a failed query: no answer came (network, timeout: status 0 or
 * none), an answer the screen could not read (a 2xx the contract refuses, as while a release is
 * rolling out), the server failed (5xx) or asked to wait (408, 429). A refusal of the request
 * itself (400, 403, 404, ...) answers the same again: no 重试 for it.
 */
export function isRetryable(error: unknown): boolean {
  const status = error !== null && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (typeof status !== 'number' || status < 400) return true;
  return status === 408 || status === 429 || status >= 500;
}

/**
 * One block of a page that shows one query, in exactly one state: loading (a skeleton of the
 * block's height, announced '加载中...'), failed (the error's Chinese text, with 重试 only where
 * asking again can help: see isRetryable; never together with '暂无数据' nor with stale content),
 * empty ('暂无数据' or the block's word), else its content. A failing call shows in its own block
 * and never blanks the page.
 */
export function QueryBlock<T>({
  query,
  children,
  isEmpty = emptyArray,
  emptyText,
  errorText,
  keepPrevious = true,
  minHeight = 160,
}: QueryBlockProps<T>) {
  const data = keepPrevious ? query.data : query.currentData;
  if (query.isError) {
    return (
      <ErrorState
        message={queryErrorText(query.error, errorText)}
        onRetry={isRetryable(query.error) ? () => void query.refetch() : undefined}
        minHeight={minHeight}
      />
    );
  }
  if (data === undefined) return <LoadingState minHeight={minHeight} />;
  if (isEmpty(data)) {
    return (
      <div style={{ minHeight, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyState description={emptyText} />
      </div>
    );
  }
  return <>{children(data)}</>;
}
