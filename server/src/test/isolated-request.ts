/**
 * One logged-in request (the demo customer) against a fresh app, in a process of its own; prints
 * `{statusCode, body}` as JSON. A synchronous loop blocks the event loop of the process it runs
 * in, and no jest timeout can interrupt that: tests of requests that might never end run them
 * here, through `requestInChildProcess`, which kills the process past its bound.
 *
 * Usage: node --import tsx isolated-request.ts <sqlite|postgres> <method> <url>
 */
import { demoClients, type DialectName, startApp } from './harness';

async function main(): Promise<void> {
  const [dialect, method, url] = process.argv.slice(2);
  const t = await startApp(dialect as DialectName);
  try {
    const { a } = await demoClients(t);
    const response = await a.call(method as 'GET', url);
    process.stdout.write(JSON.stringify({ statusCode: response.statusCode, body: response.body }));
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(String(error));
  process.exitCode = 1;
});
