import { lazy, useMemo } from 'react';
import { loadChartCanvas } from './chartLibrary';
import type { LinePoint } from './types';
import { ChartFrame } from './ChartFrame';
import { ChartText, formatChartNumber } from './texts';

const LineCanvas = lazy(() => loadChartCanvas().then((module) => ({ default: module.LineCanvas })));

export type { LinePoint };

export interface LineChartProps {
  /** One row per point: x (usually 'YYYY-MM-DD'), its value, and its series (one line each). */
  data: readonly LinePoint[];
  /** The chart's name: shown above it, and the start of its accessible summary. */
  title: string;
  /** Of the drawing area. Default 300. */
  height?: number;
  /** How values read on the y axis, the tooltip and the hidden table (money: fenToYuan). */
  yFormatter?: (value: number) => string;
  /** The x column's header in the hidden table. Default 日期. */
  xTitle?: string;
  /** Show the title above the chart. Default true. */
  showTitle?: boolean;
}

/**
 * A line chart of `@ant-design/charts`, loaded and drawn once scrolled into view; no data shows
 * 暂无数据. Screen readers get a summary (span and each series' lowest and highest value) and a
 * hidden table with one row per x and one column per series.
 */
export function LineChart({ data, title, height = 300, yFormatter, xTitle = ChartText.Date, showTitle = true }: LineChartProps) {
  const format = yFormatter ?? formatChartNumber;
  const points = useMemo(() => [...data], [data]);
  const { xs, series, cell } = useMemo(() => {
    const xValues = [...new Set(data.map((point) => point.x))];
    const names = [...new Set(data.map((point) => point.series))];
    const values = new Map(data.map((point) => [`${point.series}\u0000${point.x}`, point.y]));
    return { xs: xValues, series: names, cell: (name: string, x: string) => values.get(`${name}\u0000${x}`) };
  }, [data]);
  const summaryLines = series.map((name) => {
    const ys = data.filter((point) => point.series === name).map((point) => point.y);
    return { name, min: format(Math.min(...ys)), max: format(Math.max(...ys)) };
  });
  const table = (
    <table>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{xTitle}</th>
          {series.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {xs.map((x) => (
          <tr key={x}>
            <th scope="row">{x}</th>
            {series.map((name) => {
              const value = cell(name, x);
              return <td key={name}>{value === undefined ? '' : format(value)}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ChartFrame
      kind="line"
      title={title}
      showTitle={showTitle}
      height={height}
      summary={data.length === 0 ? title : ChartText.lineSummary(title, summaryLines, xs[0]!, xs[xs.length - 1]!)}
      empty={data.length === 0}
      table={table}
      draw={(onRendered) => <LineCanvas data={points} height={height} onRendered={onRendered} yFormatter={yFormatter} />}
    />
  );
}
