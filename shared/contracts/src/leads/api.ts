/** The lead calls' schemas and constants (lists, actions, exports, assignment, ingestion of leads and daily figures). */
export * from './kinds';
export * from './schemas';
export * from './assign';
export * from './ingest';
export * from './dailyFigures';
export * from './exportForm';
export * from './display';
