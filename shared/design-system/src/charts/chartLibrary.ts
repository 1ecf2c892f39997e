/**
 * Loads the chart canvases (and with them `@ant-design/charts`) as a separate webpack chunk. Its
 * own module so that tests can count the loads.
 */
export const loadChartCanvas = () => import(/* webpackChunkName: "charts" */ './ChartCanvas');
