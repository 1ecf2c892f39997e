// Async boundary of the standalone harness (`npm run start:standalone -w mfe-mall`): the
// shared modules are negotiated before any app code runs, as in the federated build.
import('./app').then((app) => app.renderStandalone());
