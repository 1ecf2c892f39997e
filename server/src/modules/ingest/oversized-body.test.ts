import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerMessage } from '../../http/messages';
import { demoClients, dialects, startApp, type TestApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';

/**
 * An ingestion body past its limit (64 KB for a lead, 256 KB for daily figures), sent over a real
 * socket by node's HTTP client as a landing page's server would: the whole body is written, then
 * the answer read. The sender must read a 413 `{code, message}` in Chinese, not a reset
 * connection, and the connection stays usable (inject does not have sockets, hence the listening
 * server).
 */
describe.each(dialects())('oversized ingestion bodies over a socket on %s', (dialect) => {
  let t: TestApp;
  let key: string;
  let itemId: number;
  let agent: http.Agent;
  let port: number;

  beforeAll(async () => {
    t = await startApp(dialect);
    const { a } = await demoClients(t);
    key = (await a.get('/rest/customer/account/ingest-key')).json().data.key;
    itemId = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo')))[0];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    // One socket, kept alive: a second request shows whether the first one's connection survived.
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(() => agent.destroy());
  afterAll(() => t.close());

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
    /** The socket error the client met while sending or reading (EPIPE, ECONNRESET), if any. */
    socketError: string | null;
    reusedSocket: boolean;
  }

  /** Sends `body` in 64 KB writes (each handed to the socket before the next), then reads the answer. */
  const send = (method: string, path: string, body: Buffer, chunked: boolean): Promise<Answer> =>
    new Promise((resolve) => {
      let socketError: string | null = null;
      let answer: Omit<Answer, 'socketError'> | null = null;
      const finish = () => resolve({ ...answer!, socketError });
      const request = http.request(
        {
          agent,
          port,
          host: '127.0.0.1',
          method,
          path,
          headers: { 'content-type': 'application/json', 'x-ingest-key': key, ...(chunked ? {} : { 'content-length': body.length }) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            answer = {
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              reusedSocket: request.reusedSocket,
            };
            finish();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        socketError = error.code ?? error.message;
        if (!answer) resolve({ status: 0, headers: {}, body: '', socketError, reusedSocket: false });
      });
      const write = (offset: number): void => {
        if (offset >= body.length) {
          request.end();
          return;
        }
        request.write(body.subarray(offset, offset + 64 * 1024), (error) => {
          if (!error) write(offset + 64 * 1024);
        });
      };
      write(0);
    });

  const oversized = (bytes: number) =>
    Buffer.from(JSON.stringify({ listKind: 'resource', itemId, name: '赵先生', mobile: '13812345678', padding: 'x'.repeat(bytes) }));
  const validLead = () => Buffer.from(JSON.stringify({ listKind: 'resource', itemId, name: '钱女士', mobile: '13812345679' }));

  it.each([
    ['POST', '/rest/open/leads', 100 * 1024, false],
    ['POST', '/rest/open/leads', 900 * 1024, false],
    ['POST', '/rest/open/leads', 900 * 1024, true],
    ['PUT', '/rest/open/daily-stats', 900 * 1024, false],
    ['PUT', '/rest/open/daily-stats', 900 * 1024, true],
  ] as const)('%s %s with %i bytes (chunked: %s): a readable 413 in Chinese, the connection kept', async (method, path, bytes, chunked) => {
    const answer = await send(method, path, oversized(bytes), chunked);
    expect({ status: answer.status, body: answer.body, socketError: answer.socketError }).toEqual({
      status: 413,
      body: JSON.stringify({ code: '413', message: ServerMessage.PayloadTooLarge }),
      socketError: null,
    });
    expect(answer.headers.connection).not.toBe('close');
    // A page on another site reads the lead call's refusal too.
    if (path === '/rest/open/leads') expect(answer.headers['access-control-allow-origin']).toBe('*');

    // The same connection then carries the next lead.
    const next = await send('POST', '/rest/open/leads', validLead(), false);
    expect({ status: next.status, reused: next.reusedSocket, socketError: next.socketError }).toEqual({
      status: 201,
      reused: true,
      socketError: null,
    });
  });
});
