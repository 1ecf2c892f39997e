import { isPhoneClass, type PhoneClass } from '@portal/contracts/leads';
import { readCapped } from '../../lib/read-capped';

/**
 * The one interface behind which a phone-number checker service sits (issue 24), as the CRM
 * connectors stand behind theirs: the worker (worker.ts) talks to a checker only through this.
 * A checker holds no state of its own but its configuration.
 */
export interface PhoneChecker {
  /** Numbers one call may carry at most. */
  readonly batchLimit: number;
  /** Calls per second the service allows (the worker spaces its calls to it). */
  readonly callsPerSecond: number;
  /**
   * The class of each of `numbers` (at most batchLimit, each once). Throws a PhoneCheckError when
   * the service cannot answer now (down, slow, over its rate, a garbled answer) or refuses the key.
   */
  check(numbers: readonly string[]): Promise<Map<string, PhoneClass>>;
}

/** Why a check call failed: `down` and `rate` are retried with backoff; `refused` (a bad key) too, and logged. */
export type PhoneCheckFailure = 'down' | 'rate' | 'refused';

export class PhoneCheckError extends Error {
  constructor(
    readonly failure: PhoneCheckFailure,
    message: string,
    /** From a 429's Retry-After. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PhoneCheckError';
  }
}

/** A configured checker service (PHONE_CHECKER_*; server/README.md). */
export interface PhoneCheckerConfig {
  /** The service's base URL. */
  url: string;
  /** The account's API key, sent as a Bearer token. */
  key: string;
  batchLimit: number;
  callsPerSecond: number;
  timeoutMs: number;
}

/** The most bytes of a checker's answer read (a batch of 500 numbers answers in well under this). */
const ANSWER_MAX_BYTES = 256 * 1024;

/**
 * The HTTP checker: `POST {url}/v1/phone/check` with `{"numbers": [...]}` and the key as a Bearer
 * token, answered `{"results": [{"number": "...", "status": "empty|real|suspended|silent|risky"}]}`.
 * A real provider speaking another protocol gets its own PhoneChecker beside this one (the
 * README says what it needs). Every number asked must come back with a known class, else the
 * whole answer counts as garbled and the call is retried: a class is never guessed.
 */
export function httpPhoneChecker(config: PhoneCheckerConfig): PhoneChecker {
  const endpoint = `${config.url.replace(/\/+$/, '')}/v1/phone/check`;
  return {
    batchLimit: config.batchLimit,
    callsPerSecond: config.callsPerSecond,
    async check(numbers) {
      if (numbers.length === 0) return new Map();
      if (numbers.length > config.batchLimit) throw new RangeError(`at most ${config.batchLimit} numbers a call`);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.key}` },
          body: JSON.stringify({ numbers }),
          redirect: 'error',
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        throw new PhoneCheckError('down', `phone checker unreachable: ${err instanceof Error ? err.name : 'error'}`);
      }
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after'));
        await response.body?.cancel();
        throw new PhoneCheckError('rate', 'phone checker: 429', Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined);
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new PhoneCheckError('refused', `phone checker refused the key: ${response.status}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PhoneCheckError('down', `phone checker: ${response.status}`);
      }
      const text = await readCapped(response, ANSWER_MAX_BYTES);
      if (text === null) throw new PhoneCheckError('down', 'phone checker: the answer is too large');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new PhoneCheckError('down', 'phone checker: the answer is not JSON');
      }
      const results = (body as { results?: unknown })?.results;
      if (!Array.isArray(results)) throw new PhoneCheckError('down', 'phone checker: the answer has no results');
      const classes = new Map<string, PhoneClass>();
      for (const result of results) {
        const { number, status } = (result ?? {}) as { number?: unknown; status?: unknown };
        if (typeof number === 'string' && isPhoneClass(status)) classes.set(number, status);
      }
      if (numbers.some((number) => !classes.has(number))) throw new PhoneCheckError('down', 'phone checker: the answer misses numbers');
      return new Map(numbers.map((number) => [number, classes.get(number) as PhoneClass]));
    },
  };
}
