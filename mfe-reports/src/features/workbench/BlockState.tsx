import { EmptyState, ErrorState, LoadingState } from '@portal/design-system';
import type { ReactNode } from 'react';
import { queryErrorMessage } from '@portal/api-client';

export interface BlockStateProps {
  /** Nothing to show yet. */
  loading: boolean;
  /** Set when the last call failed. */
  error?: unknown;
  /** The call answered with nothing. */
  empty: boolean;
  /** What '暂无数据' says instead, when the block has a better word. */
  emptyText?: string;
  onRetry: () => void;
  minHeight?: number;
  children: ReactNode;
}

/**
 * One dashboard block's loading, failed (with 重试) and empty states, so that a failing call
 * shows in its own block and never blanks the page.
 */
export function BlockState({ loading, error, empty, emptyText, onRetry, minHeight = 160, children }: BlockStateProps) {
  if (loading) return <LoadingState minHeight={minHeight} />;
  if (error !== undefined) return <ErrorState message={queryErrorMessage(error)} onRetry={onRetry} />;
  if (empty) {
    return (
      <div style={{ minHeight, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyState description={emptyText} />
      </div>
    );
  }
  return <>{children}</>;
}
