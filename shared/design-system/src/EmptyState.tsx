import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { DesignSystemText } from './texts';

export interface EmptyStateProps {
  /** Default '暂无数据'. */
  description?: ReactNode;
  /** An action under the text (for example a link to create the first item). */
  children?: ReactNode;
}

/** Nothing to show. */
export function EmptyState({ description = DesignSystemText.Empty, children }: EmptyStateProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}
