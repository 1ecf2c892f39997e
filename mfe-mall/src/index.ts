// Entry of the federated build. The shell never runs it (it loads remoteEntry.js and './app');
// it stays an async boundary so that nothing runs before the shared modules are negotiated.
import('./app');
