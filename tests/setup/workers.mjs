/**
 * How many files run at once (docs/decisions/0039-two-runs-side-by-side.md): a browser file keeps
 * more than one core busy (Chromium, the app's server, the worker), a server or unit file about one.
 * `npm test` (scripts/test.mjs) runs the browser suite with half the cores and the others beside it
 * with the rest: on two cores, one file each.
 */
import { availableParallelism } from 'node:os';

const cores = availableParallelism();

/** Browser files at once. */
export const browserWorkers = Math.max(1, Math.floor(cores / 2));

/** Unit and server files at once, beside the browser suite. */
export const serverWorkers = Math.max(1, cores - browserWorkers);
