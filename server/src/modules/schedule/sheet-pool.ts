import path from 'node:path';
import { ScheduleMessage } from '@portal/contracts/schedule';
import type { SheetParseConfig } from '../../config';
import { badRequest, tooManyRequests } from '../../http/errors';
import { WorkerPool } from '../../lib/worker-pool';

/** The worker's answer (sheet-worker.js). */
export type ParsedSheet =
  | { error: 'unreadable' }
  | {
      error?: undefined;
      formula: boolean;
      rowsBeyond: boolean;
      wide: boolean;
      fullRows: number;
      cells: Array<[number, number, { t: string; v: string | number | boolean; w?: string }]>;
    };

export const SHEET_PARSE_DEFAULTS: SheetParseConfig = { workers: 2, queue: 4, timeoutMs: 5000, maxOldGenerationSizeMb: 128 };

const WORKER_FILE = path.join(__dirname, 'sheet-worker.js');

/**
 * Spreadsheet imports read off the event loop (lib/worker-pool.ts): each parse in a worker thread
 * of its own, within a time budget (past it: 400 '文件解析超时') and a heap budget (a worker that
 * runs out of it dies: 400 '文件内容过多'). At most `workers` parse at once, server-wide; the next
 * waits for one (a legitimate sheet takes a fraction of a second), up to `queue` waiting; past
 * that, 429 with Retry-After. Waiting beats a refusal for the person who imports at the same time
 * as someone else; the bounded queue caps both the bytes held (2 MB a file) and the wait (queue /
 * workers x timeoutMs at worst).
 */
export class SheetParser {
  private readonly pool: WorkerPool;

  constructor(limits: Partial<SheetParseConfig> = {}) {
    this.pool = new WorkerPool(
      WORKER_FILE,
      { ...SHEET_PARSE_DEFAULTS, ...limits },
      {
        busy: (budget) => tooManyRequests(ScheduleMessage.ImportBusy, budget.timeoutMs),
        timeout: () => badRequest(ScheduleMessage.ImportTimeout),
        died: () => badRequest(ScheduleMessage.ImportTooComplex),
      },
    );
  }

  /** Parses `bytes` (an .xls or a checked .xlsx), reading at most `rows` rows and `columns` columns of cells. */
  parse(bytes: Buffer, rows: number, columns: number): Promise<ParsedSheet> {
    // A copy of its own (a Buffer may share its pool's memory), handed over without another copy.
    const buffer = new Uint8Array(bytes).buffer;
    return this.pool.run<ParsedSheet>({ bytes: buffer, rows, columns }, [buffer]);
  }

  /** Stops every running worker (the app's close). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
