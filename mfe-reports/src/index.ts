// Async boundary for the remote's own entry (only used when the remote runs standalone).
import('./app');
