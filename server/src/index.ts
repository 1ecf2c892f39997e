/** @portal/server: the API server. Other packages start it; they do not reach into its modules. */
export { buildApp } from './app';
export { type AppConfig, loadConfig } from './config';
export { migrateToLatest } from './db/migrate';
