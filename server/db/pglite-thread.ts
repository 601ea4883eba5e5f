/**
 * The embedded database on a thread of its own (docs/decisions/0033-the-embedded-database-on-its-own-thread.md).
 * PGlite runs PostgreSQL in WebAssembly on the thread that calls it: in one thread, the server's
 * HTTP, JSON and drizzle work and the database's work take turns on one core. Here PGlite lives
 * in a worker thread (`pglite-worker.ts`) and this side offers what drizzle, the migrator and the
 * server use of it — `query`, `exec`, `transaction`, `listen`, `close` — as messages: the two
 * cores work at once. Inside a transaction, the statements asked together (`Promise.all`,
 * `lastTrip` in client.ts) go in one message: one round trip for all of them.
 *
 * A transaction holds PGlite's transaction lock in the worker until this side commits or rolls
 * back, so, as in one thread, no other caller's statement runs inside it. A notification is posted
 * before the answer of the statement that caused it, so a caller sees it first, as in one thread.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** What the worker is started with. */
export interface WorkerStart {
  dataDir: string | undefined;
  cacheMb: number;
}

/**
 * Query options as they cross threads: the row mode, and the type ids whose values stay text
 * (drizzle's parsers for dates, times and intervals hand the text back; functions cannot be sent).
 */
export interface WireOptions {
  rowMode?: 'array' | 'object';
  asText?: number[];
}

export type ToWorker =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; options?: WireOptions }
  | { id: number; op: 'exec'; tx?: number; text: string }
  | { id: number; op: 'batch'; tx: number; statements: Statement[]; commit?: true }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'commit'; tx: number }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

/** A statement with its parameters and options, one of several sent in one message (`batch`). */
interface Statement {
  text: string;
  params?: unknown[];
  options?: WireOptions;
}

/**
 * The answer of each statement of a `batch`, in order. A batch with `commit` is its transaction's
 * last trip: when every statement succeeded the worker commits, and answers once it has.
 */
export type BatchAnswer = { ok: true; value: unknown } | { ok: false; error: WireError };

/** A message without its id (the call numbers it). */
type Call = ToWorker extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

/** An error as it crosses threads: its message and its fields with plain values (code, detail…). */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export type FromWorker =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { notify: number; payload: string }
  | { ready: true }
  | { ready: false; error: WireError };

export const toWire = (error: unknown): WireError => {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(e))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  return { name: e.name, message: e.message, fields };
};

const fromWire = (wire: WireError): Error =>
  Object.assign(new Error(wire.message), wire.fields, { name: wire.name });

const wireOptions = (options?: QueryOptions): WireOptions | undefined =>
  options && {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.parsers ? { asText: Object.keys(options.parsers).map(Number) } : {}),
  };

/**
 * The worker: its own file beside the bundle when the server runs as one (`pglite-worker.mjs`);
 * from the sources (tests, `npm run dev`), the TypeScript file loaded through tsx.
 */
const startWorker = (start: WorkerStart) => {
  // The worker's young generation is kept small (6 MB in all), whatever the server's flags (8 MB
  // semi-spaces on the embedded database, serverNodeFlags in scripts/server-bundle.mjs and
  // docs/decisions/0093-the-embedded-database-server-young-generation.md): what it allocates per
  // statement dies young.
  const options = { workerData: start, resourceLimits: { maxYoungGenerationSizeMb: 6 } };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.mjs', import.meta.url), options);
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { ...options, eval: true },
  );
};

interface Calls {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/**
 * A transaction's client that can commit with its last statements (`lastTrip` in client.ts): the
 * statements asked next go with the commit, one round trip fewer while the transaction holds the
 * database. Committed only if each of them succeeds; if one fails, the transaction stays open for
 * its caller to roll back, as after any failed statement.
 */
export interface CommitsWithLastTrip {
  commitWithNextTrip(): void;
}

/** PGlite in a worker thread, with the part of PGlite's interface the server uses. */
export class PgliteThread implements Calls {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #next = 1;
  #failed: Error | null = null;
  closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the worker and waits until its database is open. */
  static async open(start: WorkerStart): Promise<PgliteThread> {
    const worker = startWorker(start);
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (m: FromWorker) => {
        worker.off('error', reject);
        if ('ready' in m && m.ready) resolve();
        else
          reject(
            'ready' in m && !m.ready ? fromWire(m.error) : new Error('The database thread did not start'),
          );
      });
    });
    worker.on('message', (m: FromWorker) => thread.#receive(m));
    worker.on('error', (error) => thread.#fail(error));
    worker.on('exit', (code) => {
      if (!thread.closed) thread.#fail(new Error(`The database thread stopped (exit code ${code})`));
    });
    return thread;
  }

  #receive(m: FromWorker) {
    if ('notify' in m) {
      this.#listeners.get(m.notify)?.(m.payload);
      return;
    }
    if (!('id' in m)) return;
    const call = this.#pending.get(m.id);
    if (!call) return;
    this.#pending.delete(m.id);
    if (m.ok) call.resolve(m.value);
    else call.reject(fromWire(m.error));
  }

  /** The thread died: every call waiting and every later one fails (the health check says so too). */
  #fail(error: Error) {
    console.error('The embedded database thread failed:', error);
    this.#failed = error;
    this.closed = true;
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }

  #call<T>(message: Call): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', text, params, options: wireOptions(options) });
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text });
  }

  /**
   * Runs `work` in a transaction: committed when it resolves, rolled back when it throws (the error
   * is thrown again). Its calls go to the transaction; other callers' statements wait until it ends.
   */
  async transaction<T>(
    work: (tx: Calls & CommitsWithLastTrip & { closed: boolean }) => Promise<T>,
  ): Promise<T> {
    const tx = this.#next++;
    let commitWith = false;
    let committed = false;
    // The calls asked in one turn of the event loop (queries given to Promise.all) are sent
    // together when it ends: the queries among them in one message (`batch`), one round trip,
    // run in the order they were asked, each answered with its own result or error.
    let asked: { message: Call; resolve(value: unknown): void; reject(error: Error): void }[] = [];
    let flushing = false;
    const send = () => {
      flushing = false;
      const calls = asked;
      asked = [];
      // The last trip: these statements (after the begin, when they are the first) go with the commit.
      const last =
        commitWith && calls.every(({ message }) => message.op === 'query' || message.op === 'begin');
      commitWith = false;
      for (let i = 0; i < calls.length;) {
        let j = i;
        while (j < calls.length && calls[j]!.message.op === 'query') j++;
        if (j - i > 1 || (last && j > i)) {
          const queries = calls.slice(i, j);
          const statements = queries.map(({ message }) => {
            const { text, params, options } = message as Extract<Call, { op: 'query' }>;
            return { text, params, options };
          });
          this.#call<BatchAnswer[]>({ op: 'batch', tx, statements, ...(last ? { commit: true } : {}) }).then(
            (answers) => {
              if (last && answers.every((answer) => answer.ok)) committed = true;
              answers.forEach((answer, k) =>
                answer.ok ? queries[k]!.resolve(answer.value) : queries[k]!.reject(fromWire(answer.error)),
              );
            },
            (error: Error) => queries.forEach((q) => q.reject(error)),
          );
          i = j;
        } else {
          const call = calls[i++]!;
          this.#call(call.message).then(call.resolve, call.reject);
        }
      }
    };
    const ask = <R>(message: Call, flush: boolean) =>
      new Promise<R>((resolve, reject) => {
        asked.push({ message, resolve: resolve as (value: unknown) => void, reject });
        if (flush && !flushing) {
          flushing = true;
          queueMicrotask(send);
        }
      });
    // The begin goes with the transaction's first statements, and is not waited for before them:
    // the worker takes them in order, and each call's answer waits for the begin's too (a
    // transaction that could not begin fails its calls). Sent at once, it would hold the database
    // while this thread builds those statements; waited for, it would cost a round trip.
    const began = ask<null>({ op: 'begin', tx }, false);
    began.catch(() => undefined); // seen by the calls below
    const inTx = <R>(message: Call) => Promise.all([began, ask<R>(message, true)]).then(([, value]) => value);
    const client = {
      closed: false,
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        inTx<Results<R>>({ op: 'query', tx, text, params, options: wireOptions(options) }),
      exec: (text: string) => inTx<Results[]>({ op: 'exec', tx, text }),
      commitWithNextTrip: () => void (commitWith = true),
    };
    let result: T;
    try {
      result = await work(client);
    } catch (error) {
      client.closed = true;
      // Committed with its last trip, it has ended: nothing to roll back (`lastTrip` is last).
      if (!committed) await inTx({ op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    client.closed = true;
    if (!committed) await inTx({ op: 'commit', tx });
    return result;
  }

  /** Calls `onNotify` with each notification of `channel`; answers the function that stops. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.#call<number>({ op: 'listen', channel });
    this.#listeners.set(listener, onNotify);
    return async () => {
      this.#listeners.delete(listener);
      if (!this.closed) await this.#call({ op: 'unlisten', listener });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.#call({ op: 'close' });
    this.closed = true;
    await this.#worker.terminate();
  }
}
