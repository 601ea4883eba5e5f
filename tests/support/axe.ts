/** axe-core accessibility checks inside a Playwright page (serious and critical violations only). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

export const runAxe = async (page: Page): Promise<AxeViolation[]> => {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = () => page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!(await loaded())) {
    try {
      await page.addScriptTag({ content: axeSource });
    } catch {
      // A Content-Security-Policy may refuse inline scripts; evaluating through CDP is not subject to it.
    }
    if (!(await loaded())) await page.evaluate(axeSource);
  }
  return page.evaluate(async () => {
    type Result = {
      violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.map(String).join(' ')),
      }));
  });
};

/** A readable list for assertion messages. */
export const formatViolations = (violations: AxeViolation[]): string =>
  violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).join('\n    ')}`)
    .join('\n');
