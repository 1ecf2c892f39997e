import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ScheduleMessage } from '@portal/contracts/schedule';
import type { SheetParseConfig } from '../../config';
import { badRequest, tooManyRequests } from '../../http/errors';

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
 * Spreadsheet parsing off the event loop: each parse runs in a worker thread of its own, within a
 * time budget (past it the worker is stopped: 400 '文件解析超时') and a heap budget (a worker that
 * runs out of it dies: 400 '文件内容过多'); the server's own heap and loop are never involved.
 * At most `workers` parse at once, server-wide; the next waits for one (a legitimate sheet takes
 * a fraction of a second), up to `queue` waiting; past that, 429 with Retry-After. Waiting beats
 * a refusal for the person who imports at the same time as someone else; the bounded queue caps
 * both the bytes held (2 MB a file) and the wait (queue / workers x timeoutMs at worst).
 */
export class SheetParser {
  private readonly limits: SheetParseConfig;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly live = new Set<Worker>();

  constructor(limits: Partial<SheetParseConfig> = {}) {
    this.limits = { ...SHEET_PARSE_DEFAULTS, ...limits };
  }

  /** Parses `bytes` (an .xls or a checked .xlsx), reading at most `rows` rows and `columns` columns of cells. */
  async parse(bytes: Buffer, rows: number, columns: number): Promise<ParsedSheet> {
    if (this.running < this.limits.workers) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.limits.queue) throw tooManyRequests(ScheduleMessage.ImportBusy, this.limits.timeoutMs);
      // The slot is handed over by the parse that ends (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await this.run(bytes, rows, columns);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Stops every running worker (the app's close). */
  async close(): Promise<void> {
    await Promise.all([...this.live].map((worker) => worker.terminate()));
  }

  private run(bytes: Buffer, rows: number, columns: number): Promise<ParsedSheet> {
    // A copy of its own (a Buffer may share its pool's memory), handed over without another copy.
    const buffer = new Uint8Array(bytes).buffer;
    const worker = new Worker(WORKER_FILE, {
      workerData: { bytes: buffer, rows, columns },
      transferList: [buffer],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxOldGenerationSizeMb },
    });
    this.live.add(worker);
    return new Promise<ParsedSheet>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(badRequest(ScheduleMessage.ImportTimeout));
        void worker.terminate();
      }, this.limits.timeoutMs);
      worker.once('message', (answer: ParsedSheet) => resolve(answer));
      // Out of its heap (ERR_WORKER_OUT_OF_MEMORY) or any other death: the sheet asked too much.
      worker.once('error', () => reject(badRequest(ScheduleMessage.ImportTooComplex)));
      worker.once('exit', () => {
        clearTimeout(timer);
        this.live.delete(worker);
        reject(badRequest(ScheduleMessage.ImportTooComplex));
      });
    });
  }
}
