/**
 * The worker thread that holds the embedded database (docs/decisions/0033-the-embedded-database-on-its-own-thread.md):
 * it opens PGlite (reads run as prepared statements, `pglite-prepared.ts`) and answers the
 * messages of `pglite-thread.ts`, in the order each caller sent them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { openPgliteHere } from './pglite-open';
import {
  toWire,
  type BatchAnswer,
  type FromWorker,
  type ToWorker,
  type WireOptions,
  type WorkerStart,
} from './pglite-thread';

const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);
const { dataDir, cacheMb } = workerData as WorkerStart;

const asText = (value: string) => value;
/**
 * The parsers that hand these types' values back as text, one object per set of types: the
 * prepared statements merge it with PGlite's own once per object, not at every call
 * (`pglite-prepared.ts`).
 */
const textParsers = new Map<string, Record<number, typeof asText>>();
const asTextParsers = (types: number[]) => {
  const key = types.join();
  let parsers = textParsers.get(key);
  if (!parsers) textParsers.set(key, (parsers = Object.fromEntries(types.map((type) => [type, asText]))));
  return parsers;
};
const optionsOf = (wire: WireOptions | undefined): QueryOptions | undefined =>
  wire && {
    ...(wire.rowMode ? { rowMode: wire.rowMode } : {}),
    ...(wire.asText ? { parsers: asTextParsers(wire.asText) } : {}),
  };

/** A transaction's next messages, handed to it one at a time. */
class Inbox {
  #waiting: ((m: ToWorker) => void) | null = null;
  readonly #queued: ToWorker[] = [];
  /** What was sent to a transaction that never began: taken, to be answered with why. */
  drain(): ToWorker[] {
    return this.#queued.splice(0);
  }
  put(m: ToWorker) {
    if (this.#waiting) {
      const take = this.#waiting;
      this.#waiting = null;
      take(m);
    } else this.#queued.push(m);
  }
  take(): Promise<ToWorker> {
    const queued = this.#queued.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.#waiting = resolve));
  }
}

class RolledBack extends Error {}

/** How a call went, whether it failed by rejecting or by throwing before it began. */
const settle = async (run: () => Promise<unknown>): Promise<BatchAnswer> => {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toWire(error) };
  }
};

/** Answers a call under its own id, however it went: no caller is left waiting. */
const answer = async (id: number, run: () => Promise<unknown>) => post({ id, ...(await settle(run)) });

const statement = (on: PGlite | Transaction, m: Extract<ToWorker, { op: 'query' | 'exec' }>) =>
  m.op === 'query' ? on.query(m.text, m.params, optionsOf(m.options)) : on.exec(m.text);

/**
 * Transactions: each holds PGlite's transaction lock while its caller sends statements, and ends
 * with its caller's commit or rollback. Answers where a transaction's message goes.
 */
const transactionsOf = (pglite: PGlite) => {
  const inboxes = new Map<number, Inbox>();
  const begin = (m: Extract<ToWorker, { op: 'begin' }>) => {
    const inbox = new Inbox();
    inboxes.set(m.tx, inbox);
    let ended: ToWorker | undefined;
    /** The answers of the last trip, posted once its commit is done. */
    let lastAnswers: BatchAnswer[] | null = null;
    let began = false;
    pglite
      .transaction(async (tx) => {
        began = true;
        post({ id: m.id, ok: true, value: null });
        for (;;) {
          const next = await inbox.take();
          if (next.op === 'commit') return void (ended = next);
          if (next.op === 'rollback') {
            ended = next;
            throw new RolledBack();
          }
          if (next.op === 'query' || next.op === 'exec') await answer(next.id, () => statement(tx, next));
          if (next.op === 'batch') {
            const answers: BatchAnswer[] = [];
            for (const { text, params, options } of next.statements)
              answers.push(await settle(() => tx.query(text, params, optionsOf(options))));
            // The last trip, every statement done: commit, and answer after it (below).
            if (next.commit && answers.every((a) => a.ok)) {
              lastAnswers = answers;
              return void (ended = next);
            }
            post({ id: next.id, ok: true, value: answers });
          }
        }
      })
      .then(
        () => ended && post({ id: ended.id, ok: true, value: lastAnswers }),
        (error: unknown) => {
          // Began or not, the caller waiting (for the start, or for the end) hears how it went.
          const id = ended?.id ?? m.id;
          if (error instanceof RolledBack) post({ id, ok: true, value: null });
          else post({ id, ok: false, error: toWire(error) });
          // The calls sent after a begin that failed (they did not wait for it) fail with it.
          if (!began)
            for (const next of inbox.drain()) post({ id: next.id, ok: false, error: toWire(error) });
        },
      )
      .finally(() => {
        inboxes.delete(m.tx);
        // Calls sent after a last trip that committed are answered, not left waiting (none may
        // be sent: docs/decisions/0090-the-last-trip-commits.md).
        for (const next of inbox.drain())
          post({ id: next.id, ok: false, error: toWire(new Error('The transaction has ended')) });
      });
  };
  return { begin, inboxOf: (tx: number) => inboxes.get(tx) };
};

/** Listeners on channels, each posting its notifications with its number. */
const listenersOf = (pglite: PGlite) => {
  const stops = new Map<number, () => Promise<void>>();
  let next = 1;
  return {
    listen: async (channel: string) => {
      const listener = next++;
      stops.set(listener, await pglite.listen(channel, (payload) => post({ notify: listener, payload })));
      return listener;
    },
    unlisten: async (listener: number) => {
      const stop = stops.get(listener);
      stops.delete(listener);
      if (stop && !pglite.closed) await stop();
      return null;
    },
  };
};

const serve = (pglite: PGlite) => {
  const transactions = transactionsOf(pglite);
  const listeners = listenersOf(pglite);
  port.on('message', (m: ToWorker) => {
    if (m.op !== 'begin' && 'tx' in m && m.tx !== undefined) {
      const inbox = transactions.inboxOf(m.tx);
      if (inbox) inbox.put(m);
      else post({ id: m.id, ok: false, error: toWire(new Error('The transaction has ended')) });
      return;
    }
    switch (m.op) {
      case 'query':
      case 'exec':
        return void answer(m.id, () => statement(pglite, m));
      case 'begin':
        return transactions.begin(m);
      case 'listen':
        return void answer(m.id, () => listeners.listen(m.channel));
      case 'unlisten':
        return void answer(m.id, () => listeners.unlisten(m.listener));
      case 'close':
        return void answer(m.id, () => pglite.close());
      default:
        post({ id: m.id, ok: false, error: toWire(new Error(`Unknown database call ${m.op}`)) });
    }
  });
};

openPgliteHere(dataDir, cacheMb).then(
  (pglite) => {
    serve(pglite);
    post({ ready: true });
  },
  (error: unknown) => post({ ready: false, error: toWire(error) }),
);
