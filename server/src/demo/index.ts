/** The demo's data for other packages (the benchmarks seed their databases with it); production code never imports it. */
export { seedIfEmpty } from '../db/seed';
