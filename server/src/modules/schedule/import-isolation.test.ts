import { IMPORT_COLUMNS, SCHEDULE_LIMITS, ScheduleMessage } from '@portal/contracts/schedule';
import * as XLSX from '@e965/xlsx';
import { addDays, chinaToday } from '../../lib/time';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, onAirItemOf } from '../../test/leads';
import { DEMO_SCHEDULE_DAYS } from './seed';
import { cellBomb, importFile, sheetBytes } from './testing';

const HEADERS = IMPORT_COLUMNS.map((column) => column.header);
const date = addDays(chinaToday(), DEMO_SCHEDULE_DAYS + 40);
const USER_INFO = '/rest/customer/user-info';

/** A column's letters ('ALL' for the 1000th). */
const column = (count: number) => XLSX.utils.encode_col(count - 1);

describe.each(dialects())('spreadsheet imports never block the server, on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let itemId: number;

  const itemOf = async (app: TestApp) => onAirItemOf(app.db, await customerIdOf(app.db, 'demo'));
  const send = (client: TestClient, bytes: Buffer, item = itemId) =>
    importFile(client, { date, itemId: String(item), crmCode: 'ec' }, { fileName: '排班.xlsx', bytes });

  beforeAll(async () => {
    // A parse time limit far above a bomb's parse on a loaded machine (seconds): the bombs here
    // must be refused for their rows, never for time (the time limit has its own test below).
    t = await startApp(dialect, { sheetParse: { timeoutMs: 120_000 } });
    ({ a, b } = await demoClients(t));
    itemId = await itemOf(t);
  });
  afterAll(() => t.close());

  it('refuses a sheet declaring more rows or columns than the template takes (1.26 million cells in under 1 MB)', async () => {
    const bomb = cellBomb(`A1:${column(630)}2001`, 2000, 630);
    expect(bomb.length).toBeLessThan(SCHEDULE_LIMITS.importBytes);
    expectError(await send(a, bomb), 400, ScheduleMessage.ImportTooManyRows);
    // Within the rows, far past the columns.
    expectError(await send(a, cellBomb(`A1:${column(1000)}150`, 149, 1000)), 400, ScheduleMessage.ImportTooManyColumns);
  });

  it('refuses a sheet whose dimension lies small, or is missing, by what it holds', async () => {
    // (126,000 cells: what is read of them is bounded all the same, and the suite stays quick on a busy machine.)
    expectError(await send(a, cellBomb('A1:F2', 2000, 63)), 400, ScheduleMessage.ImportTooManyRows);
    expectError(await send(a, cellBomb(null, 2000, 63)), 400, ScheduleMessage.ImportTooManyRows);
    expectError(await send(a, cellBomb('A1:F2', 150, 1000)), 400, ScheduleMessage.ImportTooManyColumns);
  });

  it('answers another customer while three bombs of one are being read, and reads them all', async () => {
    const bomb = cellBomb('A1:F2', 2000, 63);
    const finished: string[] = [];
    const imports = [1, 2, 3].map((n) =>
      send(a, bomb).then((response) => {
        finished.push(`import ${n}`);
        return response;
      }),
    );
    const info = await b.get(USER_INFO);
    finished.push('user-info');
    expect(info.statusCode).toBe(200);
    expect(info.json().data.loginAccount).toBe('demo2');
    // Ordering, not time: B's call is answered while A's sheets are still being read.
    expect(finished).toEqual(['user-info']);
    for (const response of await Promise.all(imports)) expectError(response, 400, ScheduleMessage.ImportTooManyRows);
    // And the server still imports a sheet that is right.
    const ok = await send(a, sheetBytes([HEADERS, ['陈静']], 'xlsx'));
    expect(ok.json()).toMatchObject({ code: '200', message: ScheduleMessage.ImportSucceeded });
  });

  describe('a parse past its budget', () => {
    const within = async (sheetParse: { timeoutMs?: number; maxOldGenerationSizeMb?: number }, message: string) => {
      const small = await startApp(dialect, { sheetParse });
      try {
        const { a: client, b: other } = await demoClients(small);
        const item = await itemOf(small);
        // 201 rows of 6,000 cells each: all within the rows read, 1.2 million cells to build.
        expectError(await send(client, cellBomb('A1:F2', 200, 6000), item), 400, message);
        expect((await other.get(USER_INFO)).statusCode).toBe(200);
        expect((await client.get(USER_INFO)).statusCode).toBe(200);
      } finally {
        await small.close();
      }
    };

    it('of memory: the worker dies, the import answers in Chinese, the server lives on', () =>
      within({ maxOldGenerationSizeMb: 16 }, ScheduleMessage.ImportTooComplex));
    it("of time: the worker is stopped, '文件解析超时'", () => within({ timeoutMs: 1 }, ScheduleMessage.ImportTimeout));
  });
});
