/** bench/budgets.json, typed. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface PageBudget {
  path: string;
  modules: string[];
  budget: { jsGzip: number };
  ceiling: { jsGzip: number; cssGzip: number };
}
export interface Budgets {
  pages: Record<string, PageBudget>;
}

export const readBudgets = (): Budgets =>
  JSON.parse(readFileSync(resolve('bench', 'budgets.json'), 'utf8')) as Budgets;
