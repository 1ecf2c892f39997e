import { z } from 'zod';
import { type AppConfig, loadConfig, onUnlessOff, parseEnv, unsetIfEmpty } from '../config';

/** The demo's CRM sandbox: fake CRM servers on loopback, the CRMs without a configured base URL pointed at them. */
export interface SandboxConfig {
  /** CRM_SANDBOX: on unless 0 or false. */
  on: boolean;
  /** CRM_SANDBOX_PORT: ec's port, lixiao, xbb and huoban on the next three; null: any free ports. */
  firstPort: number | null;
}

/** The variables only the demo reads; a production server refuses them (config.ts). */
const demoSchema = z.object({
  CRM_SANDBOX: onUnlessOff,
  CRM_SANDBOX_PORT: unsetIfEmpty(z.string().regex(/^\d+$/, 'must be a port number (1-65532)'))
    .transform((value) => (value === undefined ? null : Number(value)))
    .refine((port) => port === null || (port >= 1 && port <= 65532), 'must be a port number (1-65532)'),
});

/** The demo's settings: the server's (loadConfig, the same variables as production) and its CRM sandbox. */
export function loadDemoConfig(env: NodeJS.ProcessEnv = process.env): { server: AppConfig; sandbox: SandboxConfig } {
  const { CRM_SANDBOX, CRM_SANDBOX_PORT, ...rest } = env;
  const demo = parseEnv(demoSchema, { CRM_SANDBOX, CRM_SANDBOX_PORT });
  return { server: loadConfig(rest), sandbox: { on: demo.CRM_SANDBOX, firstPort: demo.CRM_SANDBOX_PORT } };
}
