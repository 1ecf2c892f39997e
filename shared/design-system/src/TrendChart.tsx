import { Suspense, lazy, useMemo } from 'react';
import { EmptyState } from './EmptyState';
import { LoadingState } from './LoadingState';
import { DesignSystemText } from './texts';

// The chart library is big: load it only when a chart renders, so pages without charts never fetch it.
// A lazy-loading boundary is the one place a default export is wanted.
const loadPlots = () => import('@ant-design/plots');
const Line = lazy(() => loadPlots().then((plots) => ({ default: plots.Line })));

/** Starts fetching the chart library now, so a page's data and its charts' code arrive together. */
export function preloadTrendChart(): void {
  void loadPlots();
}

export interface TrendChartSeries<T> {
  /** The numeric field of each row. */
  field: Extract<keyof T, string>;
  /** The series' name in the legend and tooltip. */
  name: string;
}

export interface TrendChartProps<T> {
  data: readonly T[];
  /** The field on the x axis (usually the date). */
  xField: Extract<keyof T, string>;
  /** One line per series. */
  series: readonly TrendChartSeries<T>[];
  /** Default 300. */
  height?: number;
  loading?: boolean;
}

/** One row per x and series: the long format the chart library draws lines from. */
interface TrendPoint {
  x: unknown;
  value: number;
  series: string;
}

/** A line chart of one or more series over rows such as the dashboard's daily stats. */
export function TrendChart<T extends object>({ data, xField, series, height = 300, loading = false }: TrendChartProps<T>) {
  const points = useMemo<TrendPoint[]>(
    () =>
      data.flatMap((row) =>
        series.map((s) => ({ x: row[xField], value: Number(row[s.field] ?? 0), series: s.name })),
      ),
    [data, xField, series],
  );

  if (loading) return <LoadingState minHeight={height} />;
  if (data.length === 0) {
    return (
      <div style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyState description={DesignSystemText.Empty} />
      </div>
    );
  }
  return (
    <Suspense fallback={<LoadingState minHeight={height} />}>
      <Line data={points} xField="x" yField="value" colorField="series" height={height} autoFit />
    </Suspense>
  );
}
