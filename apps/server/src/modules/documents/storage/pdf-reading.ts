import { Worker } from 'node:worker_threads';

/**
 * Reading a PDF within budgets (issue 28, S4; decision 0032). Parsing is the one step of an
 * inspection whose cost grows with what a file declares rather than with its size: 10 MB of
 * 300,000 tiny objects kept pdf-lib busy for 46 s on the event loop. So the parse runs in a
 * worker thread (pdf-worker.mjs), which refuses a file that declares more objects than the budget
 * before parsing it, runs within a memory limit, and is ended when the file's time is up. Over
 * any budget the file is 'too-complex'.
 */
export interface PdfBudget {
  /** Indirect objects (`n 0 obj`) a PDF may declare. */
  maxObjects: number;
  /** Wall-clock time for one file, from when it is handed to a worker (a new one's start included). */
  timeMs: number;
  /** The worker's heap. */
  memoryMb: number;
}

/**
 * A real statement or bill of 30 pages declares a few hundred to a few thousand objects; pdf-lib
 * reads 25,000 in about half a second on one core. The time budget leaves a busy machine ten times that;
 * the heap is what a 10 MB file of 25,000 objects needs, with room.
 */
export const PDF_BUDGET: PdfBudget = { maxObjects: 25_000, timeMs: 5_000, memoryMb: 256 };

/** Parses at once per process: each worker takes a core and up to its heap. */
const MAX_PARSES = 2;

export type PdfReading =
  { ok: true; pages: number } | { ok: false; reason: 'unreadable' | 'too-complex' };

const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url);

type WorkerAnswer = { outcome: 'read'; pages: number } | { outcome: 'unreadable' | 'too-complex' };

function isWorkerAnswer(message: unknown): message is WorkerAnswer {
  if (typeof message !== 'object' || message === null || !('outcome' in message)) return false;
  const { outcome } = message;
  if (outcome === 'unreadable' || outcome === 'too-complex') return true;
  return outcome === 'read' && 'pages' in message && Number.isInteger(message.pages);
}

function toReading(answer: WorkerAnswer): PdfReading {
  return answer.outcome === 'read'
    ? { ok: true, pages: answer.pages }
    : { ok: false, reason: answer.outcome };
}

/**
 * Warm workers, at most MAX_PARSES, by heap size: loading pdf-lib costs a worker a few hundred
 * milliseconds, which a hand-in of several PDFs would otherwise pay for each. Unreferenced while
 * idle, so they never keep the process alive.
 */
const idle = new Map<number, Worker[]>();

function workerFor(memoryMb: number): Worker {
  const worker =
    idle.get(memoryMb)?.pop() ??
    new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  worker.ref();
  return worker;
}

function putBack(worker: Worker, memoryMb: number): void {
  // Only ours: Worker's own listeners start and stop its message port.
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
  const workers = idle.get(memoryMb) ?? [];
  if (workers.length >= MAX_PARSES) {
    void worker.terminate();
    return;
  }
  worker.unref();
  // One that fails or dies while idle (it should not) is simply forgotten.
  const forget = () => {
    const at = workers.indexOf(worker);
    if (at >= 0) workers.splice(at, 1);
  };
  worker.once('error', forget).once('exit', forget);
  workers.push(worker);
  idle.set(memoryMb, workers);
}

/**
 * One file in a worker: settles once, with what the worker said, or with the budget's verdict
 * (the worker is then ended, not reused).
 */
function parseInWorker(bytes: Uint8Array, budget: PdfBudget): Promise<PdfReading> {
  const worker = workerFor(budget.memoryMb);
  return new Promise<PdfReading>((resolve, reject) => {
    let settled = false;
    const settle = (reuse: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (reuse) putBack(worker, budget.memoryMb);
      else void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(false, () => resolve({ ok: false, reason: 'too-complex' })),
      budget.timeMs,
    );
    worker.once('message', (message: unknown) =>
      isWorkerAnswer(message)
        ? settle(true, () => resolve(toReading(message)))
        : settle(false, () => reject(new Error('the PDF worker answered something else'))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(false, () =>
        // Out of its heap: the file asked for more than its budget. Anything else is ours.
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ ok: false, reason: 'too-complex' })
          : reject(error),
      ),
    );
    worker.once('exit', (code) =>
      settle(false, () => reject(new Error(`the PDF worker stopped (exit code ${code})`))),
    );
    worker.postMessage({ bytes, maxObjects: budget.maxObjects });
  });
}

let running = 0;
const waiting: Array<() => void> = [];

/** A parse's slot: at once when one is free, else handed over by the parse that ends. */
async function turn(): Promise<() => void> {
  if (running < MAX_PARSES) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/** A PDF's page count when every object parses within the budget; why not otherwise. */
export async function readPdf(
  bytes: Uint8Array,
  budget: PdfBudget = PDF_BUDGET,
): Promise<PdfReading> {
  const done = await turn();
  try {
    return await parseInWorker(bytes, budget);
  } finally {
    done();
  }
}
