import { execFile } from 'node:child_process';
import path from 'node:path';
import type { DialectName } from './harness';

export interface ChildAnswer {
  statusCode: number;
  body: string;
}

/**
 * Runs one logged-in request of the demo customer in a child process (isolated-request.ts) and
 * gives its answer; rejects when the process has not answered within `boundMs` (it is killed) or
 * died. The bound is generous: it only turns a request that never ends into a failed test.
 */
export function requestInChildProcess(dialect: DialectName, method: string, url: string, boundMs = 60_000): Promise<ChildAnswer> {
  const script = path.join(__dirname, 'isolated-request.ts');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      // A small heap: a request that keeps allocating dies soon instead of taking the machine's memory.
      ['--max-old-space-size=256', '--import', 'tsx', script, dialect, method, url],
      { timeout: boundMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, env: process.env },
      (error, stdout, stderr) => {
        if (error) {
          const why = error.killed ? `did not answer within ${boundMs / 1000} s` : `died (${error.code ?? error.signal})`;
          reject(new Error(`${method} ${url} ${why}: ${stderr.slice(0, 300)}`));
        } else {
          resolve(JSON.parse(stdout) as ChildAnswer);
        }
      },
    );
  });
}
