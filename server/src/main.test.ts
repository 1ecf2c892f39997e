import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AuthErrorCode, AuthMessage } from '@portal/contracts';
import { authEndpoints } from '@portal/contracts/endpoints';
import { openDatabase } from './db/database';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './db/seed-data';
import { freePort, listeningPorts, type ServerProcess, spawnEntry, startServerProcess } from './test/server-process';

/**
 * The production entry (main.ts, `npm run serve`) as an operator starts it: its own process on
 * an empty SQLite file, serving a built suite. It migrates and serves, and has nothing of the
 * demo: no demo accounts, no fake CRMs, no way to turn them on.
 */
describe('the production server on an empty database', () => {
  const SHELL_PAGE = '<!doctype html><html lang="zh-CN"><head><title>门户</title></head><body><div id="root"></div></body></html>';
  let dir: string;
  let sqlitePath: string;
  let port: number;
  let server: ServerProcess;
  let refused: Promise<{ code: number | null; stderr: string }>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
    sqlitePath = path.join(dir, 'portal.sqlite');
    // A minimal built suite: the shell's index.html.
    const staticRoot = path.join(dir, 'dist');
    fs.mkdirSync(path.join(staticRoot, 'shell'), { recursive: true });
    fs.writeFileSync(path.join(staticRoot, 'shell', 'index.html'), SHELL_PAGE);
    port = await freePort();
    // A start with the demo's CRM sandbox turned on, beside the real one: it must stop at once.
    const demoOnly = spawnEntry('main.ts', {
      SQLITE_PATH: path.join(dir, 'refused.sqlite'),
      PORT: String(await freePort()),
      STATIC_ROOT: '',
      CRM_SANDBOX: '1',
    });
    refused = demoOnly.exited.then((code) => ({ code, stderr: demoOnly.stderr() }));
    server = await startServerProcess('main.ts', { SQLITE_PATH: sqlitePath, PORT: String(port), STATIC_ROOT: staticRoot, LOG_LEVEL: 'warn' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the demo logins: the accounts do not exist', async () => {
    for (const { loginAccount } of DEMO_CUSTOMERS) {
      const response = await fetch(`${server.url}/rest${authEndpoints.login.path}`, {
        method: authEndpoints.login.method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ loginAccount, password: DEMO_PASSWORD, type: 1 }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: AuthErrorCode.LoginFailed, message: AuthMessage.LoginFailed });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('migrated the database and created no account, and says how to make the first', async () => {
    const db = openDatabase({ dialect: 'sqlite', path: sqlitePath });
    try {
      expect(await db.selectFrom('customers').select('id').execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
    expect(server.stdout()).toContain('No account yet: create the first with `npm run create-account -- <loginAccount> <password>`');
  });

  it('opens no port but its own: no CRM sandbox', async () => {
    // The check sees a listening socket when there is one: this process's own, opened here.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    try {
      expect(listeningPorts(process.pid)).toContain((probe.address() as { port: number }).port);
    } finally {
      await new Promise((resolve) => probe.close(resolve));
    }
    // The server's sockets are all open by now: a sandbox would start before the port opens.
    expect(listeningPorts(server.child.pid!)).toEqual([port]);
    expect(server.stdout()).not.toMatch(/sandbox/i);
  });

  it("serves the built suite: a page request answers the shell's index.html", async () => {
    for (const page of ['/', '/workbench']) {
      const response = await fetch(`${server.url}${page}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(SHELL_PAGE);
    }
  });

  it('refuses to start with the CRM sandbox turned on, naming the variable, before touching the database', async () => {
    const { code, stderr } = await refused;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain('CRM_SANDBOX belongs to the demo (npm start), which runs fake CRMs: a production server never does; unset it');
    expect(fs.existsSync(path.join(dir, 'refused.sqlite'))).toBe(false);
  });

  it('closes cleanly on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
