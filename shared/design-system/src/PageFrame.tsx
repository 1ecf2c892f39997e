import { Card } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface PageFrameProps {
  /** The page's one top-level heading. */
  title: ReactNode;
  /** Actions at the right of the title (export, add, ...). */
  extra?: ReactNode;
  children?: ReactNode;
}

/** A heading that looks like the text around it: the card title's size and weight. */
export const headingInPlace: CSSProperties = { display: 'inline', margin: 0, font: 'inherit', color: 'inherit' };

/** The frame of a page inside the shell: a card titled with the page's h1, holding its content. */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  return (
    <Card title={<h1 style={headingInPlace}>{title}</h1>} extra={extra} variant="borderless" styles={{ body: { paddingTop: 16 } }}>
      {children}
    </Card>
  );
}
