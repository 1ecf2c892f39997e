import { theme } from 'antd';
import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { EmptyState } from './EmptyState';
import { LoadingState } from './LoadingState';
import { DesignSystemText } from './texts';
import { labelIndices, nearestIndex, niceTicks, pointX, pointY, xLabels } from './trendScale';
import { visuallyHidden } from './visuallyHidden';

export interface TrendChartSeries<T> {
  /** The numeric field of each row. */
  field: Extract<keyof T, string>;
  /** The series' name in the legend and tooltip. */
  name: string;
}

export interface TrendChartProps<T> {
  data: readonly T[];
  /** The field on the x axis (usually the date: its column in the chart's data table is 日期). */
  xField: Extract<keyof T, string>;
  /** One line per series. */
  series: readonly TrendChartSeries<T>[];
  /** Of the whole chart, legend included. Default 300. */
  height?: number;
  loading?: boolean;
}

/** Until the container is measured, and in jsdom where nothing has a width. */
const DEFAULT_WIDTH = 600;
const LEGEND_HEIGHT = 32;
const FONT_SIZE = 12;
/** About the width of a digit at FONT_SIZE: labels are sized from their length, not measured. */
const CHAR_WIDTH = 7;
const LABEL_GAP = 8;
const PLOT_TOP = 8;
const X_AXIS_HEIGHT = 28;
const numberFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/**
 * A line chart of one or more series over rows such as the dashboard's daily stats, drawn as SVG.
 * The y axis starts at 0. Hover, or focus and use the arrow keys, for a tooltip of one x; the
 * legend hides and shows series; a hidden table gives screen readers the values.
 */
export function TrendChart<T extends object>({ data, xField, series, height = 300, loading = false }: TrendChartProps<T>) {
  if (loading) return <LoadingState minHeight={height} />;
  if (data.length === 0) {
    return (
      <div style={{ minHeight: height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyState description={DesignSystemText.Empty} />
      </div>
    );
  }
  return <TrendPlot data={data} xField={xField} series={series} height={height} />;
}

/** The wrapper's content width, following resizes. */
function useContainerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  // Measured before paint, so the first frame is drawn at the right width.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = (measured: number) => {
      if (measured > 0) setWidth(Math.floor(measured));
    };
    update(element.clientWidth);
    const observer = new ResizeObserver((entries) => update(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const toNumber = (value: unknown): number => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};
const formatValue = (value: number): string => numberFormat.format(value);
const round = (coordinate: number): number => Math.round(coordinate * 10) / 10;

function TrendPlot<T extends object>({ data, xField, series, height }: Required<Omit<TrendChartProps<T>, 'loading'>>) {
  const { token } = theme.useToken();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(wrapperRef);
  const tooltipId = useId();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [active, setActive] = useState<number | null>(null);

  const palette = [token.colorPrimary, token.green, token.orange, token.magenta, token.purple, token.cyan, token.gold, token.volcano];
  const colorOf = (index: number): string => palette[index % palette.length];
  const count = data.length;
  const shownIndex = active !== null && active < count ? active : null;
  const values = new Map(series.map((s) => [s.field, data.map((row) => toNumber(row[s.field]))]));
  const visible = series.filter((s) => !hidden.has(s.field));
  // Hidden fields may be left over from an earlier series list: never draw nothing.
  const drawn = visible.length > 0 ? visible : series;
  const drawnValues = drawn.flatMap((s) => values.get(s.field) ?? []);
  const label = DesignSystemText.trendChart(series.map((s) => s.name));

  const xTexts = data.map((row) => String(row[xField] ?? ''));
  const xAxisTexts = xLabels(data.map((row) => row[xField]));
  const ticks = niceTicks(Math.max(0, ...drawnValues), drawnValues.every(Number.isInteger));
  const top = ticks[ticks.length - 1];
  const tickTexts = ticks.map(formatValue);

  const xLabelWidth = Math.max(...xAxisTexts.map((text) => text.length)) * CHAR_WIDTH + 2 * LABEL_GAP;
  const left = Math.max(Math.max(...tickTexts.map((text) => text.length)) * CHAR_WIDTH + LABEL_GAP, xLabelWidth / 2);
  const plotWidth = Math.max(1, width - left - xLabelWidth / 2);
  const svgHeight = Math.max(height - LEGEND_HEIGHT, PLOT_TOP + X_AXIS_HEIGHT + 1);
  const bottom = svgHeight - X_AXIS_HEIGHT;
  const plotHeight = bottom - PLOT_TOP;
  const xAt = (index: number) => round(pointX(index, count, left, plotWidth));
  const yAt = (value: number) => round(pointY(value, top, bottom, plotHeight));

  const toggle = (field: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else if (series.some((s) => s.field !== field && !next.has(s.field))) next.add(field);
      return next;
    });

  const onMouseMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // The svg is drawn at `width`; jsdom lays nothing out, so there client x is taken as is.
    const x = box.width > 0 ? ((event.clientX - box.left) * width) / box.width : event.clientX;
    setActive(nearestIndex(x, count, left, plotWidth));
  };
  const keyMoves: Record<string, (index: number | null) => number | null> = {
    ArrowLeft: (index) => (index === null ? count - 1 : Math.max(0, index - 1)),
    ArrowRight: (index) => (index === null ? 0 : Math.min(count - 1, index + 1)),
    Home: () => 0,
    End: () => count - 1,
    Escape: () => null,
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive(move(shownIndex));
  };

  const guideX = shownIndex === null ? 0 : xAt(shownIndex);
  const tooltipSide: CSSProperties = guideX > width / 2 ? { right: width - guideX + 12 } : { left: guideX + 12 };

  return (
    <div ref={wrapperRef} style={{ position: 'relative', width: '100%', minWidth: 0, overflow: 'hidden', height }}>
      <div
        role="group"
        aria-label={DesignSystemText.ChartLegend}
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16, minHeight: LEGEND_HEIGHT }}
      >
        {series.map((s, index) => {
          const on = drawn.includes(s);
          return (
            <button
              key={s.field}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(s.field)}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 6,
                padding: 0,
                border: 0,
                background: 'none',
                cursor: 'pointer',
                fontSize: FONT_SIZE,
                color: on ? token.colorText : token.colorTextDisabled,
              }}
            >
              <span aria-hidden style={{ width: 12, height: 3, borderRadius: 2, background: on ? colorOf(index) : token.colorTextDisabled }} />
              {s.name}
            </button>
          );
        })}
      </div>
      <svg
        role="img"
        aria-label={label}
        aria-describedby={shownIndex === null ? undefined : tooltipId}
        tabIndex={0}
        width={width}
        height={svgHeight}
        style={{ display: 'block' }}
        fontSize={FONT_SIZE}
        onMouseMove={onMouseMove}
        onMouseLeave={() => setActive(null)}
        onFocus={() => setActive((index) => index ?? count - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
      >
        {ticks.map((tick, index) => (
          <g key={tick}>
            <line x1={left} x2={left + plotWidth} y1={yAt(tick)} y2={yAt(tick)} stroke={index === 0 ? token.colorBorder : token.colorSplit} />
            <text x={left - LABEL_GAP} y={yAt(tick)} dy="0.32em" textAnchor="end" fill={token.colorTextSecondary}>
              {tickTexts[index]}
            </text>
          </g>
        ))}
        {labelIndices(count, plotWidth, xLabelWidth).map((index) => (
          <text key={index} x={xAt(index)} y={bottom + 18} textAnchor="middle" fill={token.colorTextSecondary}>
            {xAxisTexts[index]}
          </text>
        ))}
        {shownIndex !== null && <line x1={guideX} x2={guideX} y1={PLOT_TOP} y2={bottom} stroke={token.colorTextQuaternary} data-guide="" />}
        {drawn.map((s) => {
          const color = colorOf(series.indexOf(s));
          const points = values.get(s.field) ?? [];
          // One point makes no line: a dot instead.
          if (count === 1) return <circle key={s.field} data-series={s.field} cx={xAt(0)} cy={yAt(points[0])} r={4} fill={color} />;
          const d = points.map((value, index) => `${index === 0 ? 'M' : 'L'}${xAt(index)},${yAt(value)}`).join(' ');
          return <path key={s.field} data-series={s.field} d={d} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />;
        })}
        {shownIndex !== null &&
          drawn.map((s) => (
            <circle
              key={s.field}
              cx={guideX}
              cy={yAt(values.get(s.field)?.[shownIndex] ?? 0)}
              r={4}
              fill={colorOf(series.indexOf(s))}
              stroke={token.colorBgContainer}
              strokeWidth={2}
            />
          ))}
      </svg>
      {shownIndex !== null && (
        <div
          role="tooltip"
          id={tooltipId}
          style={{
            position: 'absolute',
            top: LEGEND_HEIGHT + PLOT_TOP,
            ...tooltipSide,
            minWidth: 120,
            padding: '6px 10px',
            pointerEvents: 'none',
            fontSize: FONT_SIZE,
            color: token.colorText,
            background: token.colorBgElevated,
            borderRadius: token.borderRadius,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          <div style={{ marginBottom: 4, color: token.colorTextSecondary }}>{xTexts[shownIndex]}</div>
          {drawn.map((s) => (
            <div key={s.field} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <span aria-hidden style={{ width: 6, height: 6, borderRadius: '50%', background: colorOf(series.indexOf(s)) }} />
              <span style={{ flex: 1 }}>{s.name}</span>
              <span style={{ marginLeft: 12 }}>{formatValue(values.get(s.field)?.[shownIndex] ?? 0)}</span>
            </div>
          ))}
        </div>
      )}
      <table style={visuallyHidden}>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{DesignSystemText.ChartDate}</th>
            {series.map((s) => (
              <th key={s.field} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {xTexts.map((x, index) => (
            <tr key={index}>
              <th scope="row">{x}</th>
              {series.map((s) => (
                <td key={s.field}>{formatValue(values.get(s.field)?.[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
