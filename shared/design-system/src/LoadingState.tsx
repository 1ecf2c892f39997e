import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { DesignSystemText } from './texts';
import { visuallyHidden } from './visuallyHidden';

export interface LoadingStateProps {
  /** What a screen reader hears; default '加载中...'. */
  description?: ReactNode;
  /** Minimum height of the area, so that the page does not jump when content arrives. */
  minHeight?: number;
}

/** Lines of skeleton for a block of `minHeight` (about 40 px a line, 2 at least). */
const linesFor = (minHeight: number): number => Math.max(2, Math.min(12, Math.round(minHeight / 40)));

/**
 * A block-level loading placeholder: a skeleton of the block's shape from the first moment (a slow
 * load never shows a blank page), announced to screen readers as '加载中...'.
 */
export function LoadingState({ description = DesignSystemText.Loading, minHeight = 160 }: LoadingStateProps) {
  return (
    <div role="status" aria-busy="true" style={{ minHeight, padding: '8px 0', boxSizing: 'border-box' }}>
      <span style={visuallyHidden}>{description}</span>
      <Skeleton active title={false} paragraph={{ rows: linesFor(minHeight), width: '100%' }} />
    </div>
  );
}
