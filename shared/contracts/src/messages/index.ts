/** Notifications, the suggestion dialog and the realtime protocol. */
export * from './schemas';
export * from './realtime';
