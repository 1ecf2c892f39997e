import { Card } from 'antd';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  /** Actions at the right of the title (export, add, ...). */
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame of a page inside the shell: a titled card holding the page's content. */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  return (
    <Card title={title} extra={extra} variant="borderless" styles={{ body: { paddingTop: 16 } }}>
      {children}
    </Card>
  );
}
