import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpPhoneChecker, PhoneCheckError } from './checker';

/*
 * The HTTP checker against a server answering what a test gives it: a class is never guessed,
 * a bad key is told apart from a service that cannot answer, and an answer is read up to its cap.
 */

let server: Server;
let reply: { status: number; body: string; headers?: Record<string, string> };
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const checker = () => httpPhoneChecker({ url, key: 'k', batchLimit: 2, callsPerSecond: 10, timeoutMs: 2000 });
const failure = async (numbers: string[] = ['13800000001']) => {
  const error = await checker()
    .check(numbers)
    .then(() => null)
    .catch((err: unknown) => err);
  expect(error).toBeInstanceOf(PhoneCheckError);
  return (error as PhoneCheckError).failure;
};
const results = (entries: Array<[string, string]>) => JSON.stringify({ results: entries.map(([number, status]) => ({ number, status })) });

describe('the HTTP phone checker', () => {
  it('answers the class of every number asked', async () => {
    reply = {
      status: 200,
      body: results([
        ['13800000001', 'real'],
        ['13800000000', 'empty'],
      ]),
    };
    expect(await checker().check(['13800000001', '13800000000'])).toEqual(
      new Map([
        ['13800000001', 'real'],
        ['13800000000', 'empty'],
      ]),
    );
  });

  it('counts an answer missing a number or naming an unknown class as garbled (retried), never guessing', async () => {
    reply = { status: 200, body: results([['13800000001', 'real']]) };
    expect(await failure(['13800000001', '13800000002'])).toBe('down');
    reply = { status: 200, body: results([['13800000001', 'maybe']]) };
    expect(await failure()).toBe('down');
    reply = { status: 200, body: 'not json' };
    expect(await failure()).toBe('down');
  });

  it('tells a refused key from an unavailable service and a rate limit with its Retry-After', async () => {
    reply = { status: 401, body: '{}' };
    expect(await failure()).toBe('refused');
    reply = { status: 503, body: '{}' };
    expect(await failure()).toBe('down');
    reply = { status: 429, body: '{}', headers: { 'retry-after': '7' } };
    const error = await checker()
      .check(['13800000001'])
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ failure: 'rate', retryAfterMs: 7000 });
  });

  it('stops reading an answer past its cap', async () => {
    // A whole, valid answer, but over 256 KB: without the cap it would class the number.
    reply = { status: 200, body: `{"results":[{"number":"13800000001","status":"real"}],"pad":"${'x'.repeat(300 * 1024)}"}` };
    expect(await failure()).toBe('down');
  });

  it('refuses more numbers than a call may carry, before any call', async () => {
    await expect(checker().check(['1', '2', '3'])).rejects.toThrow(RangeError);
  });
});
