import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { DesignSystemText } from './texts';

export interface LoadingStateProps {
  /** Default '加载中...'. */
  description?: ReactNode;
  /** Minimum height of the area, so that the page does not jump when content arrives. */
  minHeight?: number;
}

/** A block-level loading placeholder. */
export function LoadingState({ description = DesignSystemText.Loading, minHeight = 160 }: LoadingStateProps) {
  return (
    <div role="status" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }}>
      <Spin description={description} />
    </div>
  );
}
