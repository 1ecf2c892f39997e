/**
 * zod (inside @portal/contracts; every app's copy) probes for eval with a `new Function` when it
 * builds its first object schema: caught, but the portal's content security policy (no
 * 'unsafe-eval') reports it as a violation. `jitless`, read from this global by every zod copy,
 * skips the probe. A page's entry calls this before any schema is built; this module imports no
 * zod (subpath `@portal/contracts/zod-config`), so that calling it builds none.
 */
export function makeZodJitless(): void {
  (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
}
