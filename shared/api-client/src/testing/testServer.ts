import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Answer after this many ms (for timeouts). */
  delayMs?: number;
}

export type Route = (request: SeenRequest) => Reply;

/** A real HTTP server on an ephemeral loopback port, answering `routes` keyed 'METHOD /path'. */
export interface TestServer {
  origin: string;
  requests: SeenRequest[];
  route(key: string, reply: Reply | Route): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Route>();
  const requests: SeenRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const path = seen.url.split('?')[0];
      const route = routes.get(`${seen.method} ${path}`);
      const reply = route ? route(seen) : { status: 404, body: { code: '404', message: '请求的资源不存在' } };
      const send = () => {
        const headers: Record<string, string> = { ...reply.headers };
        let payload = '';
        if (reply.body !== undefined) {
          payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          headers['content-type'] ??= 'application/json; charset=utf-8';
        }
        res.writeHead(reply.status ?? 200, headers);
        res.end(payload);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    route(key, reply) {
      routes.set(key, typeof reply === 'function' ? reply : () => reply);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
