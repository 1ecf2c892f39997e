import { Component, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { ChartText } from './texts';
import { useInView } from './useInView';
import { visuallyHidden } from '../visuallyHidden';

export interface ChartFrameProps {
  kind: 'pie' | 'line';
  title: string;
  /** Shown above the chart; false leaves it to the page (it still names the chart). Default true. */
  showTitle: boolean;
  height: number;
  /** The accessible name of the drawing. */
  summary: string;
  /** Nothing to draw: 暂无数据 instead, and the library is never loaded. */
  empty: boolean;
  /** The data as a table for screen readers (rendered hidden, always, drawn or not). */
  table: ReactNode;
  /** Draws the chart with the lazily loaded library; calls `onRendered` once drawn. */
  draw: (onRendered: () => void) => ReactNode;
}

/** A failed chunk load shows in the chart's own box, never blanks the page. */
class ChartBoundary extends Component<{ height: number; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div style={{ height: this.props.height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyState description={ChartText.LoadFailed} />
      </div>
    );
  }
}

/**
 * The frame every chart wrapper shares: a figure with its title, a drawing area (role img, named by
 * the summary) that loads and draws the chart only once scrolled into view, with a placeholder of
 * the same height meanwhile, and the data as a visually hidden table. `data-chart-ready="true"`
 * appears once the library reports the chart drawn (at once for an empty chart: nothing to wait for).
 */
export function ChartFrame({ kind, title, showTitle, height, summary, empty, table, draw }: ChartFrameProps) {
  const area = useRef<HTMLDivElement>(null);
  const inView = useInView(area);
  const [ready, setReady] = useState(false);
  const onRendered = useCallback(() => setReady(true), []);
  const placeholder = <div style={{ height }} />;
  return (
    <figure
      data-chart={kind}
      data-chart-ready={empty || ready ? 'true' : undefined}
      data-chart-empty={empty ? 'true' : undefined}
      style={{ margin: 0, position: 'relative' }}
    >
      {showTitle && <figcaption style={{ fontWeight: 500, marginBottom: 8 }}>{title}</figcaption>}
      {empty ? (
        <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <EmptyState />
        </div>
      ) : (
        <>
          <div ref={area} role="img" aria-label={summary} style={{ height }}>
            {inView ? (
              <ChartBoundary height={height}>
                <Suspense fallback={placeholder}>{draw(onRendered)}</Suspense>
              </ChartBoundary>
            ) : (
              placeholder
            )}
          </div>
          <div style={visuallyHidden}>{table}</div>
        </>
      )}
    </figure>
  );
}
