import { Table } from 'antd';
import type { ReactNode } from 'react';
import { ReportText } from './texts';

export interface SummaryRowProps {
  /** The cells after the first (合计), one per column in the columns' order. */
  cells: readonly ReactNode[];
  /** Cells that are figures though not plain text (a figure as a link to its list). */
  figureAt?: (index: number) => boolean;
}

/** A figure (a count, or money already formatted as yuan) sits on the right, as in the columns above it. */
const isFigure = (cell: ReactNode): boolean => typeof cell === 'number' || (typeof cell === 'string' && /^-?¥?[\d,]+(\.\d+)?$/.test(cell));

/** The 合计 row under a report's table (antd Table's summary), kept in view when the table scrolls. */
export function SummaryRow({ cells, figureAt }: SummaryRowProps) {
  return (
    <Table.Summary fixed>
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}>
          <strong>{ReportText.Summary}</strong>
        </Table.Summary.Cell>
        {cells.map((cell, index) => (
          <Table.Summary.Cell key={index + 1} index={index + 1} align={isFigure(cell) || figureAt?.(index) ? 'right' : undefined}>
            {cell}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
