import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The real server in its own process on the benchmark's database (`env` carries PORT and the
 * database), ready once its OpenAPI document answers. `stop` resolves when the process has exited,
 * so that a PostgreSQL schema is dropped only after the server let go of it (a drop racing its last
 * transaction deadlocked once).
 */
export async function spawnServer(env: NodeJS.ProcessEnv, port: number): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const server = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../server/src/main.ts')], {
    env: { ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null && server.kill('SIGTERM')) await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/rest/docs/json`)).ok) return { url, pid: server.pid as number, stop };
    } catch {
      if (i > 600) {
        await stop();
        throw new Error('server did not start');
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The session cookie of a login of `account` (password Demo12345, the demo seed's). */
export async function loginCookie(url: string, account: string): Promise<string> {
  const login = await fetch(`${url}/rest/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ loginAccount: account, password: 'Demo12345', type: 1 }),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
