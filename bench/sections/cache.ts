/**
 * Figure 4, cache restore: a persisted React Query cache holding 1,000 and 10,000 bookings
 * (bench/page/cache-restore.ts, the app's idb-keyval persistence) restored into a fresh client in
 * a fresh Chromium page of the app's origin: IndexedDB read, structured-clone decode and hydrate.
 */
import { resolve } from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../tests/support/chromium';
import { contextOptions } from '../lib/browser';
import { freshDataDir } from '../lib/data';
import { startServer } from '../lib/server';
import { repeat, stat } from '../lib/stats';
import { row, type BenchContext, type Row, type SectionResult } from '../lib/types';

const SIZES = [1_000, 10_000];

const bundle = async (): Promise<string> => {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: resolve('bench', 'page', 'cache-restore.ts'),
        formats: ['iife'],
        name: 'benchCacheBundle',
      },
    },
  });
  const first = Array.isArray(out) ? out[0] : out;
  const chunk = first && 'output' in first ? first.output[0] : undefined;
  if (!chunk || !('code' in chunk)) throw new Error('Bundling bench/page/cache-restore.ts gave no code');
  return chunk.code;
};

interface Api {
  save: (n: number) => Promise<number>;
  restore: () => Promise<{ ms: number; bookings: number }>;
  clear: () => Promise<void>;
}
declare const benchCache: Api;

/** A page of the app's origin that runs no app code (a 404 text answer). */
const blankPage = async (page: Page, code: string) => {
  await page.goto('/admin/bench-blank.txt');
  await page.evaluate(code);
};

export async function runCache(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const code = await bundle();
  const server = await startServer({ distDir: ctx.distDir, dataDir: await freshDataDir('cache') });
  const browser = await launchChromium();
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const context = await browser.newContext(contextOptions(server.origin, { serviceWorkers: 'block' }));
    for (const size of SIZES) {
      ctx.log(`cache: ${size} bookings × ${ctx.runs}`);
      const setup = await context.newPage();
      await blankPage(setup, code);
      const bytes = await setup.evaluate((n) => benchCache.save(n), size);
      await setup.close();
      rows.push(
        row(
          'cache',
          `Stored size, ${size.toLocaleString('en')} bookings`,
          'kB',
          stat([Math.round(bytes / 1024)]),
        ),
      );
      const runs = await repeat(ctx.runs, async () => {
        const page = await context.newPage();
        try {
          await blankPage(page, code);
          const r = await page.evaluate(() => benchCache.restore());
          if (r.bookings !== size) throw new Error(`Restored ${r.bookings} bookings, expected ${size}`);
          return r.ms;
        } finally {
          await page.close();
        }
      });
      rows.push(row('cache', `Restore ${size.toLocaleString('en')} bookings`, 'ms', stat(runs)));
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return {
    section: 'cache',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}
