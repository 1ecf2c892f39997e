/**
 * The only module that imports `@ant-design/charts`. It is loaded with a dynamic import()
 * (chartLibrary.ts), so the library and G2 are their own chunks, fetched by the pages that draw a
 * chart once a chart scrolls into view, never by the login page or the workbench.
 */
import { Line, Pie } from '@ant-design/charts';
import { formatShare, type Slice } from '@portal/contracts/reports';
import { useMemo } from 'react';
import type { LinePoint } from './types';

interface CanvasProps {
  height: number;
  /** Called once the chart library has drawn the chart (G2's afterrender), again after each redraw. */
  onRendered: () => void;
}

/** What the charts' onReady hands over: the plot, whose `chart` is the G2 chart. */
interface ReadyPlot {
  chart?: { on?: (event: string, callback: () => void) => unknown };
}

/** Calls `onRendered` when G2 reports the chart drawn; a plot without events counts as drawn. */
function whenRendered(plot: unknown, onRendered: () => void): void {
  const chart = (plot as ReadyPlot | null)?.chart;
  if (typeof chart?.on === 'function') chart.on('afterrender', onRendered);
  else onRendered();
}

export interface PieCanvasProps extends CanvasProps {
  /** Folded already: at most PIE_MAX_SLICES, biggest first. */
  data: Slice[];
}

export function PieCanvas({ data, height, onRendered }: PieCanvasProps) {
  const config = useMemo(() => {
    const total = data.reduce((sum, slice) => sum + slice.value, 0);
    return {
      data,
      height,
      autoFit: true,
      angleField: 'value',
      colorField: 'name',
      radius: 0.8,
      label: {
        text: (slice: Slice) => `${slice.name} ${formatShare(slice.value, total)}`,
        position: 'outside',
        transform: [{ type: 'overlapDodgeY' }],
      },
      legend: { color: { position: 'right', rowPadding: 5 } },
      tooltip: { items: [{ field: 'value', name: '数量' }] },
      onReady: (plot: unknown) => whenRendered(plot, onRendered),
    };
  }, [data, height, onRendered]);
  return <Pie {...config} />;
}

export interface LineCanvasProps extends CanvasProps {
  data: LinePoint[];
  yFormatter?: (value: number) => string;
}

export function LineCanvas({ data, height, onRendered, yFormatter }: LineCanvasProps) {
  const config = useMemo(
    () => ({
      data,
      height,
      autoFit: true,
      xField: 'x',
      yField: 'y',
      colorField: 'series',
      point: { shapeField: 'circle', sizeField: 2 },
      axis: { y: yFormatter ? { labelFormatter: (value: number) => yFormatter(value) } : {} },
      tooltip: yFormatter ? { items: [{ channel: 'y', valueFormatter: (value: number) => yFormatter(value) }] } : undefined,
      legend: { color: { position: 'top' } },
      onReady: (plot: unknown) => whenRendered(plot, onRendered),
    }),
    [data, height, onRendered, yFormatter],
  );
  return <Line {...config} />;
}
