import { CRM_CODES, type CrmCode } from '@portal/contracts';
import type { FakeCrm, FakeCrmOptions } from './common';
import { startFakeEc } from './ec';
import { startFakeHuoban } from './huoban';
import { startFakeLixiao } from './lixiao';
import { startFakeXbb } from './xbb';

/**
 * Fake servers of the four CRMs, speaking their documented open APIs (docs/crm-apis.md) on 127.0.0.1: for the
 * connectors' tests, the push pipeline's tests, the e2e suite, the bench and `npm start`'s demo
 * sandbox. See common.ts for the FakeCrm API and the /__fake/ control endpoints.
 */

export type { FakeCrm, FakeCrmOptions, FakeFault, FakeFaultKind, FakeRecord } from './common';
export { fakeContext, memoryTokenStore, startRecordingServer, type RecordingServer } from './common';
export { EC_CREDENTIALS, EC_STYLE2_CREDENTIALS } from './ec';
export { HUOBAN_CREDENTIALS } from './huoban';
export { LIXIAO_CREDENTIALS } from './lixiao';
export { XBB_CREDENTIALS } from './xbb';

const STARTERS: Record<CrmCode, (options?: FakeCrmOptions) => Promise<FakeCrm>> = {
  ec: startFakeEc,
  lixiao: startFakeLixiao,
  xbb: startFakeXbb,
  huoban: startFakeHuoban,
};

/** Starts the fake of one CRM. */
export function startFakeCrm(code: CrmCode, options?: FakeCrmOptions): Promise<FakeCrm> {
  return STARTERS[code](options);
}

export interface CrmSandboxOptions {
  /** Delay of every answer of every fake. */
  latencyMs?: number;
  /** Fixed ports (default: any free port). */
  ports?: Partial<Record<CrmCode, number>>;
}

export interface CrmSandbox {
  /** The base URL of each CRM's fake (CrmRuntime.setBaseUrls takes it as is). */
  urls: Record<CrmCode, string>;
  fakes: Record<CrmCode, FakeCrm>;
  close(): Promise<void>;
}

/** Starts the four fakes (the demo sandbox of `npm start`, pipeline and e2e tests, the bench). */
export async function startCrmSandbox(options: CrmSandboxOptions = {}): Promise<CrmSandbox> {
  const started = await Promise.allSettled(
    CRM_CODES.map((code) => startFakeCrm(code, { latencyMs: options.latencyMs, port: options.ports?.[code] })),
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));
    throw (failed as PromiseRejectedResult).reason;
  }
  const fakes = Object.fromEntries(started.map((result, i) => [CRM_CODES[i], (result as PromiseFulfilledResult<FakeCrm>).value])) as Record<
    CrmCode,
    FakeCrm
  >;
  const urls = Object.fromEntries(CRM_CODES.map((code) => [code, fakes[code].url])) as Record<CrmCode, string>;
  return {
    urls,
    fakes,
    close: async () => {
      await Promise.all(CRM_CODES.map((code) => fakes[code].close()));
    },
  };
}
