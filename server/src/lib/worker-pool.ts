import { Worker } from 'node:worker_threads';

/** The budgets of one kind of work run in worker threads. */
export interface WorkerBudget {
  /** Tasks running at once, server-wide. */
  workers: number;
  /** Tasks waiting for a worker at most; past them the next is refused (`busy`). */
  queue: number;
  /** A task still running after this is stopped (`timeout`). */
  timeoutMs: number;
  /** The worker's heap; a task that needs more dies of it (`died`). */
  maxOldGenerationSizeMb: number;
}

/** The errors a caller answers with, made when they happen. */
export interface WorkerFailures {
  busy(budget: WorkerBudget): Error;
  timeout(): Error;
  died(): Error;
}

/**
 * CPU-heavy work off the event loop: each task runs in a worker thread of its own (`file`, a
 * plain CommonJS script that reads `workerData` and posts one answer), within a time budget
 * (past it the worker is stopped) and a heap budget (a worker that runs out of it dies); the
 * server's own heap and loop are never involved. At most `workers` run at once; the next waits
 * for one, up to `queue` waiting, so both the data held and the wait are bounded; past that the
 * caller's `busy` error. A fresh worker per task costs a few tens of milliseconds of the worker's
 * own time, and a stopped task can never leave a shared worker in a bad state.
 */
export class WorkerPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly live = new Set<Worker>();

  constructor(
    private readonly file: string,
    readonly budget: WorkerBudget,
    private readonly failures: WorkerFailures,
  ) {}

  /** Runs one task on `data` (its `transfer` list handed over without a copy) and resolves with the worker's answer. */
  async run<T>(data: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.running < this.budget.workers) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.budget.queue) throw this.failures.busy(this.budget);
      // The slot is handed over by the task that ends (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await this.start<T>(data, transfer);
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

  private start<T>(data: unknown, transfer: ArrayBuffer[]): Promise<T> {
    const worker = new Worker(this.file, {
      workerData: data,
      transferList: transfer,
      resourceLimits: { maxOldGenerationSizeMb: this.budget.maxOldGenerationSizeMb },
    });
    this.live.add(worker);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(this.failures.timeout());
        void worker.terminate();
      }, this.budget.timeoutMs);
      worker.once('message', (answer: T) => resolve(answer));
      // Out of its heap (ERR_WORKER_OUT_OF_MEMORY) or any other death: the task asked too much.
      worker.once('error', () => reject(this.failures.died()));
      worker.once('exit', () => {
        clearTimeout(timer);
        this.live.delete(worker);
        // After an answer this changes nothing (a promise settles once).
        reject(this.failures.died());
      });
    });
  }
}
