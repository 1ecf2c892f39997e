/**
 * `@portal/contracts/ingest`: the open ingestion API's headers, limits, messages and schemas (leads
 * and daily figures pushed by partners' systems). A subpath, off the shared contracts module that
 * every page (the login page first) loads: only the server and the account page use it.
 */
export * from './leads/ingest';
export * from './leads/dailyFigures';
