/** Chart wrappers of `@ant-design/charts`: the library loads in its own chunk when a chart comes into view. */
export { PieChart } from './PieChart';
export type { PieChartProps } from './PieChart';
export { LineChart } from './LineChart';
export type { LineChartProps, LinePoint } from './LineChart';
export { ChartText } from './texts';
