/** One point of a line chart: its x (usually a day), its value and the series it belongs to. */
export interface LinePoint {
  x: string;
  y: number;
  series: string;
}
