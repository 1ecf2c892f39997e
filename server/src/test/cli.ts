import { runCli } from '../cli';
import { type DialectName, type TestApp, useDemoApp } from './harness';

/** The CLI's environment on the test app's own database (the SQLite file or the PostgreSQL schema). */
export const cliEnv = (t: TestApp): NodeJS.ProcessEnv =>
  t.database.dialect === 'sqlite'
    ? { DATABASE_URL: '', SQLITE_PATH: t.database.path }
    : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema ?? '' };

/**
 * An operator's CLI commands, run in process (runCli) on the suite's demo app (useDemoApp):
 * `cli(...argv)` answers the exit code. What the commands print goes to `logs` and `errors`
 * (console.log and console.error, silenced), cleared before each test.
 */
export function useOperatorCli(dialect: DialectName) {
  const suite = useDemoApp(dialect);
  const logs = jest.fn<void, unknown[]>();
  const errors = jest.fn<void, unknown[]>();
  beforeEach(() => {
    logs.mockClear();
    errors.mockClear();
    jest.spyOn(console, 'log').mockImplementation(logs);
    jest.spyOn(console, 'error').mockImplementation(errors);
  });
  afterEach(() => jest.restoreAllMocks());
  const cli = (...argv: string[]): Promise<number> => runCli(argv, cliEnv(suite.t));
  return { suite, cli, logs, errors };
}
