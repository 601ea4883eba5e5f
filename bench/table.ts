/**
 * `node --import tsx bench/table.ts`: the table of bench/results/latest.json in Markdown, with the
 * machine line (for docs/performance.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { table } from './lib/table';
import type { SectionResult } from './lib/types';

const results = JSON.parse(readFileSync(resolve('bench', 'results', 'latest.json'), 'utf8')) as {
  machine: { cores: number; cpuModel: string; node: string; chromium: string };
  commit: string;
  finishedAt: string;
  sections: Record<string, SectionResult>;
};
const m = results.machine;
console.info(
  `Measured ${results.finishedAt.slice(0, 16).replace('T', ' ')} UTC at ${results.commit} on ${m.cores} cores (${m.cpuModel}), Node ${m.node}, Chromium ${m.chromium}.\n`,
);
console.info(table(Object.values(results.sections).flatMap((s) => s.rows)));
