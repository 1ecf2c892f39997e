import { foldSlices, formatShare, PIE_MAX_SLICES, type Slice } from '@portal/contracts/reports';
import { lazy, useMemo } from 'react';
import { loadChartCanvas } from './chartLibrary';
import { ChartFrame } from './ChartFrame';
import { ChartText, formatChartNumber } from './texts';

const PieCanvas = lazy(() => loadChartCanvas().then((module) => ({ default: module.PieCanvas })));

export interface PieChartProps {
  /** The slices in any order; those of 0 are dropped, those past the eighth fold into 其他. */
  data: readonly Slice[];
  /** The chart's name: shown above it, and the start of its accessible summary. */
  title: string;
  /** Of the drawing area. Default 300. */
  height?: number;
  /** At most this many slices (the last of them 其他). Default PIE_MAX_SLICES (8). */
  maxSlices?: number;
  /** Show the title above the chart. Default true. */
  showTitle?: boolean;
}

/**
 * A pie of `@ant-design/charts`, loaded and drawn once scrolled into view. Slices past the eighth
 * fold into 其他 (the contracts' foldSlices) so that labels never overlap; no data shows 暂无数据.
 * Screen readers get a summary and a hidden table of the slices with their shares.
 */
export function PieChart({ data, title, height = 300, maxSlices = PIE_MAX_SLICES, showTitle = true }: PieChartProps) {
  const slices = useMemo(() => foldSlices(data, maxSlices), [data, maxSlices]);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const table = (
    <table>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{ChartText.Name}</th>
          <th scope="col">{ChartText.Value}</th>
          <th scope="col">{ChartText.Share}</th>
        </tr>
      </thead>
      <tbody>
        {slices.map((slice) => (
          <tr key={slice.name}>
            <th scope="row">{slice.name}</th>
            <td>{formatChartNumber(slice.value)}</td>
            <td>{formatShare(slice.value, total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ChartFrame
      kind="pie"
      title={title}
      showTitle={showTitle}
      height={height}
      summary={ChartText.pieSummary(title, slices)}
      empty={slices.length === 0}
      table={table}
      draw={(onRendered) => <PieCanvas data={slices} height={height} onRendered={onRendered} />}
    />
  );
}
