import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PhoneClass } from '@portal/contracts/leads';

/**
 * A fake phone-number checker on 127.0.0.1, speaking the HTTP checker's protocol
 * (modules/phone-check/checker.ts): for the checker's and the worker's tests, the bench and the
 * `npm start` sandbox. It checks what a real service checks (the Bearer key, the batch size, a
 * JSON body of numbers) and answers by rules the tests know (fakePhoneClassOf). It can be made
 * slow, down for some calls, or over its rate.
 */

export const FAKE_CHECKER_KEY = 'fake-checker-key';

/** The fake's rule, by the number's last digit: 0 empty, 7 silent, 8 suspended, 9 risky, any other real. */
export function fakePhoneClassOf(number: string): PhoneClass {
  const last = number.at(-1);
  if (last === '0') return 'empty';
  if (last === '7') return 'silent';
  if (last === '8') return 'suspended';
  if (last === '9') return 'risky';
  return 'real';
}

export interface FakePhoneCheckerOptions {
  port?: number;
  latencyMs?: number;
  batchLimit?: number;
  key?: string;
}

export interface FakePhoneChecker {
  url: string;
  key: string;
  batchLimit: number;
  /** The numbers of each call answered, in order. */
  calls: string[][];
  /** The next `count` calls (Infinity: every call until `up`) answer 503. */
  down(count?: number): void;
  up(): void;
  /** The next call answers 429 with this Retry-After (seconds). */
  overRate(retryAfterSeconds: number): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

const BODY_MAX_BYTES = 64 * 1024;

export async function startFakePhoneChecker(options: FakePhoneCheckerOptions = {}): Promise<FakePhoneChecker> {
  const key = options.key ?? FAKE_CHECKER_KEY;
  const batchLimit = options.batchLimit ?? 100;
  let latencyMs = options.latencyMs ?? 0;
  let downFor = 0;
  let retryAfter: number | null = null;
  const calls: string[][] = [];

  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/phone/check') return answer(res, 404, { error: 'not found' });
    if (req.headers.authorization !== `Bearer ${key}`) return answer(res, 401, { error: 'bad key' });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > BODY_MAX_BYTES) return answer(res, 413, { error: 'too large' });
      chunks.push(chunk as Buffer);
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (downFor > 0) {
      downFor -= 1;
      return answer(res, 503, { error: 'unavailable' });
    }
    if (retryAfter !== null) {
      const seconds = retryAfter;
      retryAfter = null;
      return answer(res, 429, { error: 'rate' }, { 'retry-after': String(seconds) });
    }
    let numbers: unknown;
    try {
      numbers = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { numbers?: unknown }).numbers;
    } catch {
      return answer(res, 400, { error: 'bad json' });
    }
    if (!Array.isArray(numbers) || numbers.length === 0 || numbers.some((number) => typeof number !== 'string' || !/^\d{5,20}$/.test(number)))
      return answer(res, 400, { error: 'numbers must be 5 to 20 digits' });
    if (numbers.length > batchLimit) return answer(res, 400, { error: `at most ${batchLimit} numbers` });
    calls.push(numbers as string[]);
    return answer(res, 200, { results: (numbers as string[]).map((number) => ({ number, status: fakePhoneClassOf(number) })) });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { error: 'fake failed' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    batchLimit,
    calls,
    down: (count = Number.POSITIVE_INFINITY) => {
      downFor = count;
    },
    up: () => {
      downFor = 0;
    },
    overRate: (seconds) => {
      retryAfter = seconds;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
