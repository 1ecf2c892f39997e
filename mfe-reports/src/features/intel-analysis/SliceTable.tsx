import { formatShare, PIE_OTHER_LABEL, type Slice } from '@portal/contracts/reports';
import { Table, type TableColumnsType } from 'antd';
import { AnalysisText } from './texts';

export interface SliceTableProps {
  slices: readonly Slice[];
  /** The name column's title (省份, 项目性质, 关键词). */
  nameTitle: string;
  /** The whole the shares are of (the answer's total; the slices' sum when 0). */
  total: number;
  /** The table's accessible name (the pie's title). */
  caption: string;
  /**
   * A body of this height with rows of a fifth of it, scrolling past the fifth row (the top-N
   * tables: 5 rows at 500 px). Default: every row, no scroll.
   */
  bodyHeight?: number;
}

interface Row extends Slice {
  rank: number | null;
}

const countFormat = new Intl.NumberFormat('zh-CN');

/**
 * The slices of a pie as a table: 排名, the name, 资源数, 占比 of the grand total (其他, the rest of a
 * top N, has no rank), the share the pie beside it shows for the same slice.
 */
export function SliceTable({ slices, nameTitle, total, caption, bodyHeight }: SliceTableProps) {
  const whole = total > 0 ? total : slices.reduce((sum, slice) => sum + slice.value, 0);
  let rank = 0;
  const rows: Row[] = slices.map((slice) => ({ ...slice, rank: slice.name === PIE_OTHER_LABEL ? null : (rank += 1) }));
  const columns: TableColumnsType<Row> = [
    { title: AnalysisText.Rank, dataIndex: 'rank', width: 72, render: (value: number | null) => value ?? '' },
    { title: nameTitle, dataIndex: 'name' },
    { title: AnalysisText.Count, dataIndex: 'value', align: 'right', render: (value: number) => countFormat.format(value) },
    { title: AnalysisText.Share, key: 'share', align: 'right', render: (_: unknown, row: Row) => formatShare(row.value, whole) },
  ];
  const rowHeight = bodyHeight === undefined ? undefined : bodyHeight / 5;
  return (
    <Table<Row>
      size="small"
      rowKey="name"
      columns={columns}
      dataSource={rows}
      pagination={false}
      caption={<span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</span>}
      scroll={bodyHeight === undefined ? undefined : { y: bodyHeight }}
      onRow={() => (rowHeight === undefined ? {} : { style: { height: rowHeight } })}
    />
  );
}
