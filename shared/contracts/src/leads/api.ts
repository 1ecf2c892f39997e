/** The lead calls' schemas and constants (lists, actions, exports, assignment, ingestion: @portal/contracts/ingest). */
export * from './kinds';
export * from './schemas';
export * from './assign';
export * from './exportForm';
export * from './display';
export * from './duplicates';
export * from './phoneCheck';
