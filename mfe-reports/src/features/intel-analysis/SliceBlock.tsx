import type { Slice } from '@portal/contracts/reports';
import { PieChart } from '@portal/design-system';
import { Col, Row } from 'antd';
import { SliceTable } from './SliceTable';

export interface SliceBlockProps {
  /** The pie's title (and the table's name). */
  title: string;
  /** The name column's title. */
  nameTitle: string;
  slices: readonly Slice[];
  total: number;
  /** The pie's height, and the table body's when `scrollTable` (default 360). */
  height?: number;
  /** The top-N tables: a body of `height` px showing 5 rows, scrolling past them. */
  scrollTable?: boolean;
}

/** A pie (drawn once in view) beside the table of its slices (rendered at once). */
export function SliceBlock({ title, nameTitle, slices, total, height = 360, scrollTable = false }: SliceBlockProps) {
  return (
    <Row gutter={[24, 16]} align="top" data-testid={`slice-block-${title}`}>
      <Col xs={24} lg={12}>
        <PieChart title={title} data={slices} height={height} />
      </Col>
      <Col xs={24} lg={12}>
        <SliceTable slices={slices} nameTitle={nameTitle} total={total} caption={title} bodyHeight={scrollTable ? height : undefined} />
      </Col>
    </Row>
  );
}
