import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/** How long a server process may take to answer, or to exit when it should (tsx compiles on start). */
const WAIT_MS = 60_000;

/** A port nobody listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Polls `check` every `everyMs` until it holds; fails after WAIT_MS. */
export async function until(what: string, check: () => boolean | Promise<boolean>, everyMs = 50): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited by itself. */
  exited: Promise<number | null>;
  /** Resolves once the process has exited (SIGTERM first: the server closes cleanly), with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The environment of a server process: this one's, without what would point it at another database, Redis or demo setting. */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'SQLITE_PATH', 'REDIS_URL', 'CRM_SANDBOX', 'CRM_SANDBOX_PORT']) delete inherited[name];
  return { ...inherited, ...env };
}

/** Runs a server entry (a path under server/src: 'main.ts', 'demo/main.ts') in a child process; nothing is awaited. */
export function spawnEntry(entry: string, env: NodeJS.ProcessEnv): Omit<ServerProcess, 'url'> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src', entry)], {
    cwd: REPO_ROOT,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Starts a server entry on `env` (which carries PORT and the database) and resolves once its
 * OpenAPI document answers; fails with its stderr if it exits first.
 */
export async function startServerProcess(entry: string, env: NodeJS.ProcessEnv & { PORT: string }): Promise<ServerProcess> {
  const server = spawnEntry(entry, { HOST: '127.0.0.1', ...env });
  const url = `http://127.0.0.1:${env.PORT}`;
  try {
    await until('the server to answer', async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}): ${server.stderr().slice(0, 2000)}`);
      return fetch(`${url}/rest/docs/json`).then(
        (response) => response.ok,
        () => false,
      );
    });
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return { ...server, url };
}

/**
 * The TCP ports a process listens on (Linux): its socket descriptors (/proc/<pid>/fd) matched by
 * inode against the listening sockets of its network namespace (/proc/<pid>/net/tcp and tcp6).
 */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed since the listing
    }
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match) inodes.add(match[1]);
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    const file = `/proc/${pid}/net/${table}`;
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const columns = line.trim().split(/\s+/);
      const LISTEN = '0A';
      if (columns.length < 10 || columns[3] !== LISTEN || !inodes.has(columns[9])) continue;
      ports.add(parseInt(columns[1].split(':')[1], 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
