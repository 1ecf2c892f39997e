/** The lead calls' schemas and constants (lists, actions, exports, assignment, ingestion). */
export * from './kinds';
export * from './schemas';
export * from './assign';
export * from './ingest';
export * from './exportForm';
export * from './display';
