/**
 * WORKERS=N (docs/decisions/0019-live-updates-and-many-processes.md): the first process starts N
 * server processes with node:cluster, which share the port, and watches them. Only on PostgreSQL:
 * every piece of shared state is in the database (docs/architecture.md §3). The first worker starts
 * alone (it migrates and seeds), the others once it serves. A worker that dies is replaced; SIGTERM
 * or SIGINT is passed to every worker, which stops gracefully, and the process ends after them.
 */
import cluster, { type Worker } from 'node:cluster';

/** A worker that keeps dying is not restarted more often than this. */
const RESTART_DELAY_MS = 1_000;

export const runPrimary = (count: number) => {
  console.info(`Starting ${count} server processes (WORKERS=${count}) on PostgreSQL…`);
  let stopping = false;
  const fork = () => cluster.fork();
  const first = fork();
  let served = false;
  first.once('listening', () => {
    served = true;
    for (let i = 1; i < count; i++) fork();
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (worker === first && !served) {
      // The first worker could not start (a busy port, a bad setting): it said why; stop.
      process.exit(code ?? 1);
    }
    console.error(
      `Server process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another.`,
    );
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`\n${signal} received: stopping ${count} server processes…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};
