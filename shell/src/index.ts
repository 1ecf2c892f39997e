// zod (inside @portal/contracts, the shell's and every remote's copy) probes for eval with a
// `new Function` when it builds its first object schema: caught, but the portal's content
// security policy (no 'unsafe-eval') reports it as a violation. `jitless`, read from this global
// by every zod copy, skips the probe; it must be set before any schema is built.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// Async boundary: shared singletons (react, antd, ...) are negotiated before any app code runs.
import('./bootstrap');
