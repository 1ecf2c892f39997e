import type { AddressInfo } from 'node:net';
import { REQUESTED_WITH_VALUE } from '@portal/contracts';
import { REALTIME_PATH, type RealtimeServerFrame, type RealtimeTopic } from '@portal/contracts/messages';
import { INGEST_KEY_HEADER } from '@portal/contracts/ingest';
import WebSocket, { type ClientOptions } from 'ws';
import { DEMO_PASSWORD } from '../db/seed-data';
import type { TestApp } from '../test/harness';

/**
 * Realtime test helpers over real HTTP and WebSocket: the app listens on a free port, sessions
 * come from logging in over HTTP, sockets are `ws` clients carrying the session cookie.
 * Waits are generous (a slow shared machine); nothing asserts timing.
 */

export const WAIT_MS = 15_000;

/** Listens on a free loopback port; returns the base URL (closed with the app). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const jsonHeaders = { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH_VALUE };

/** Logs in over HTTP; returns the Cookie header of the session. */
export async function loginCookie(baseUrl: string, loginAccount: string, password: string = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/rest/customer/login`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ loginAccount, password, type: 1 }),
  });
  const body = (await response.json()) as { code: string };
  if (response.status !== 200 || body.code !== '200') throw new Error(`login ${loginAccount} failed: ${response.status} ${JSON.stringify(body)}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A logged-in call over HTTP (X-Requested-With always sent). */
export async function call(baseUrl: string, cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? { 'x-requested-with': REQUESTED_WITH_VALUE, cookie } : { ...jsonHeaders, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

export const ingestKeyOf = async (baseUrl: string, cookie: string): Promise<string> =>
  (await call(baseUrl, cookie, 'GET', '/rest/customer/account/ingest-key')).json.data.key;

/** Posts a lead to the open ingestion call like a landing page's server (key header only). */
export async function ingest(baseUrl: string, key: string, lead: Record<string, unknown>): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}/rest/open/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INGEST_KEY_HEADER]: key },
    body: JSON.stringify(lead),
  });
  return { status: response.status, json: await response.json() };
}

export const wsUrl = (baseUrl: string): string => `${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;

/** Why a socket could not open: the HTTP status of the refused upgrade. */
export class RefusedUpgrade extends Error {
  constructor(readonly statusCode: number) {
    super(`upgrade refused: ${statusCode}`);
  }
}

/** A client socket that records every frame and its close. */
export class Probe {
  readonly frames: RealtimeServerFrame[] = [];
  /** Resolves with the close code when the socket closes. */
  readonly closed: Promise<number>;
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as RealtimeServerFrame);
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code) => {
        this.closeCode = code;
        this.wake();
        resolve(code);
      });
    });
    // A refused or dropped socket reports an error too; the tests look at `closed`.
    socket.on('error', () => undefined);
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Waits for the first frame from index `from` on that matches; fails after `timeoutMs`. */
  async next<K extends RealtimeServerFrame['kind']>(
    kind: K,
    match: (frame: Extract<RealtimeServerFrame, { kind: K }>) => boolean = () => true,
    timeoutMs = WAIT_MS,
  ): Promise<Extract<RealtimeServerFrame, { kind: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((frame) => frame.kind === kind && match(frame as Extract<RealtimeServerFrame, { kind: K }>));
      if (found) return found as Extract<RealtimeServerFrame, { kind: K }>;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) before a ${kind} frame; got ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${kind} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Subscribes and waits for the confirmation. */
  async subscribe(topics: RealtimeTopic[] = ['system', 'user', 'unread']): Promise<void> {
    const before = this.frames.length;
    this.send({ op: 'subscribe', topics });
    await this.next('subscribed', (frame) => this.frames.indexOf(frame) >= before);
  }

  /** Sends `request` and waits for its snapshot. */
  async request(): Promise<Extract<RealtimeServerFrame, { kind: 'snapshot' }>> {
    const before = this.frames.length;
    this.send({ op: 'request' });
    return this.next('snapshot', (frame) => this.frames.indexOf(frame) >= before);
  }

  /** Frames of `kind` received so far. */
  all<K extends RealtimeServerFrame['kind']>(kind: K): Array<Extract<RealtimeServerFrame, { kind: K }>> {
    return this.frames.filter((frame) => frame.kind === kind) as Array<Extract<RealtimeServerFrame, { kind: K }>>;
  }

  /** Closes and waits for the close (idempotent). */
  async close(): Promise<void> {
    if (this.closeCode === null) this.socket.close();
    await this.closed;
  }
}

/** Opens a socket with `cookie` (none when null); rejects with RefusedUpgrade when the server refuses. */
export function openSocket(baseUrl: string, cookie: string | null, options: ClientOptions = {}): Promise<Probe> {
  const socket = new WebSocket(wsUrl(baseUrl), { ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
  const probe = new Probe(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(probe));
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      reject(new RefusedUpgrade(response.statusCode ?? 0));
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** Opens a socket and subscribes to every topic. */
export async function openSubscribed(baseUrl: string, cookie: string, topics?: RealtimeTopic[]): Promise<Probe> {
  const probe = await openSocket(baseUrl, cookie);
  await probe.subscribe(topics);
  return probe;
}

/** Closes every probe in the list (for afterEach). */
export async function closeAll(probes: Probe[]): Promise<void> {
  await Promise.all(probes.splice(0).map((probe) => probe.close()));
}

/** A unique marker text, to tell test events apart. */
export const marker = (label: string): string => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
