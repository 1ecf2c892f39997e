import { formatShare, type Slice } from '@portal/contracts/reports';

const numberFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** A count as the charts write it: grouped digits, at most two decimals. */
export const formatChartNumber = (value: number): string => numberFormat.format(value);

/** Texts of the chart wrappers: their accessible summaries and the columns of their hidden tables. */
export const ChartText = {
  Name: '名称',
  Value: '数值',
  Share: '占比',
  Date: '日期',
  LoadFailed: '图表加载失败',
  /** A pie's accessible name: its title, how many slices, the total and every slice with its share. */
  pieSummary: (title: string, slices: readonly Slice[]): string => {
    const total = slices.reduce((sum, slice) => sum + slice.value, 0);
    const parts = slices.map((slice) => `${slice.name} ${formatChartNumber(slice.value)}（${formatShare(slice.value, total)}）`);
    return `${title}：饼图，共${slices.length}项，合计${formatChartNumber(total)}。${parts.join('，')}`;
  },
  /** A line chart's accessible name: its title, its series, the x span and each series' range. */
  lineSummary: (title: string, series: readonly { name: string; min: string; max: string }[], first: string, last: string): string => {
    const parts = series.map((line) => `${line.name} 最低${line.min}，最高${line.max}`);
    const span = first === last ? first : `${first}至${last}`;
    return `${title}：折线图，${span}。${parts.join('；')}`;
  },
} as const;
