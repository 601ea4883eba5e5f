#!/usr/bin/env node
/**
 * The install dialog's screenshots (src/app/manifest.ts SCREENSHOTS) in public/screenshots/: real
 * screens of the demo data, taken by Debian's Chromium through playwright-core (never a downloaded
 * browser) from the built app served by the real server on a fresh demo database, in English and in
 * Arabic. The outputs are committed; run again when the screens change:
 *
 *   npx vite build && node scripts/screenshots.mjs
 *
 * Wide ones are 1280×720 (a desktop window), narrow ones 720×1440 (a 360×720 phone at 2×): within
 * Chromium's rules (each side 320–3840 px, the long side at most 2.3 × the short one).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = join(root, 'public', 'screenshots');
const ADMIN = 'admin@example.com';
const PASSWORD = 'Demo-Pass-2026!';

/** Each shot: the screen's path, the manifest's name, the viewport and its scale. */
const SHOTS = [
  { name: 'dashboard', path: '/admin/', ready: '[data-testid="latest-bookings"]' },
  // On a phone the filters fill the first screen: the shot starts at the bookings themselves.
  { name: 'bookings', path: '/admin/booking', ready: '[data-testid="list-row"]', scrollTo: 'narrow' },
];
const FORMS = {
  wide: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  narrow: { viewport: { width: 360, height: 720 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

if (!existsSync(join(dist, 'index.html'))) {
  console.error('No build in dist/: run `npx vite build` first.');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'ebo-screenshots-'));
const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1' };
Object.assign(env, {
  DATA_DIR: dataDir,
  DIST_DIR: dist,
  SMTP_URL: 'smtp://127.0.0.1:9' /* never used: nobody signs up */,
});
delete env.DATABASE_URL;
let log = '';
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
server.stdout.on('data', (chunk) => (log += chunk));
server.stderr.on('data', (chunk) => (log += chunk));

const origin = `http://localhost:${port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP localhost 127.0.0.1'],
});
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 360 || server.exitCode !== null) throw new Error(`The server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await mkdir(out, { recursive: true });
  for (const language of ['en', 'ar']) {
    for (const [form, options] of Object.entries(FORMS)) {
      const context = await browser.newContext({
        ...options,
        baseURL: origin,
        locale: language === 'ar' ? 'ar-SA' : 'en-US',
        colorScheme: 'light',
        reducedMotion: 'reduce',
        // The shots show the app, not the "new version" prompt of a service worker.
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto('/admin/login');
      if (language === 'ar') {
        // The login screen's language switcher; the choice is kept for the signed-in screens.
        const switcher = page.getByTestId('language-switcher');
        const select =
          (await switcher.evaluate((el) => el.tagName)) === 'SELECT' ? switcher : switcher.locator('select');
        if ((await select.count()) > 0) await select.selectOption('ar');
        else {
          await switcher.click();
          await page.getByRole('menuitemradio', { name: /العربية/ }).click();
        }
        await page.waitForFunction(() => document.documentElement.lang === 'ar');
      }
      await page.locator('input[name="email"]').fill(ADMIN);
      await page.locator('input[type="password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('profile-menu').waitFor({ timeout: 30_000 });
      for (const shot of SHOTS) {
        await page.goto(shot.path);
        await page.getByTestId('profile-menu').waitFor({ timeout: 30_000 });
        await page.locator(shot.ready).first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        // Toasts (the sign-in's welcome) are gone, charts have drawn.
        if (shot.scrollTo === form)
          await page
            .locator(shot.ready)
            .first()
            .evaluate((el) => {
              el.scrollIntoView({ block: 'start' });
              // Below the sticky header, with the column headings.
              window.scrollBy(0, -(document.querySelector('header')?.offsetHeight ?? 0) - 48);
            });
        await page.waitForTimeout(1500);
        const file = join(out, `${shot.name}-${form}-${language}.png`);
        await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
        console.info(`wrote ${file}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  await rm(dataDir, { recursive: true, force: true });
}

// 256-colour palettes, as the icons (Debian's pngquant); skipped with a note when it is missing.
const files = SHOTS.flatMap((s) =>
  Object.keys(FORMS).flatMap((f) => ['en', 'ar'].map((l) => join(out, `${s.name}-${f}-${l}.png`))),
);
const quantize = spawnSync(
  'pngquant',
  ['--quality=80-98', '--speed', '1', '--strip', '--force', '--ext', '.png', ...files],
  {
    stdio: 'inherit',
  },
);
if (quantize.error || quantize.status !== 0)
  console.warn('pngquant is missing or failed (apt-get install pngquant): the screenshots stay full-colour.');
