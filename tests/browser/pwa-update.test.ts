/**
 * "A new version is available — Reload" (docs/product.md §2, docs/architecture.md §5): the server serves its own copy
 * of the build; publishing a changed service worker makes the app show the prompt, and Reload activates
 * the new version and reloads the page under it.
 */
import { appendFile, cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { snap } from '../support/browser';
import { signIn, waitForServiceWorkerControl, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';
import { suiteReady } from '../support/suite-ready';

const distCopy = mkdtempSync(join(tmpdir(), 'ebo-dist-'));
beforeAll(async () => {
  await suiteReady();
  await cp(inject('distDir'), distCopy, { recursive: true });
  // Precompressed copies would be served instead of the changed file.
  await rm(join(distCopy, 'sw.js.br'), { force: true });
  await rm(join(distCopy, 'sw.js.gz'), { force: true });
});
afterAll(() => rm(distCopy, { recursive: true, force: true }));

const suite = browserSuite({ DIST_DIR: distCopy }, { serviceWorkers: 'allow' });

describe('PWA update', () => {
  it('prompts when a new version waits, and Reload switches to it', async () => {
    const { page } = await suite.open();
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    const prompt = page.getByTestId('update-prompt');
    expect(await prompt.count()).toBe(0);

    // Publish a new version of the service worker and let the browser look for it.
    await appendFile(join(distCopy, 'sw.js'), `\n// next version ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/admin/');
      await registration?.update();
    });
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.innerText()).toContain('A new version is available.');
    await snap(page, 'update-prompt-en-desktop');

    // Still the old version until the user agrees.
    const waiting = () =>
      page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/admin/'))?.waiting);
    expect(await waiting()).toBe(true);

    await page.evaluate(() => ((window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true));
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await waitForShell(page);
    expect(
      await page.evaluate(() => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate),
    ).toBe(undefined);
    expect(await waiting()).toBe(false);
    await waitForServiceWorkerControl(page);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
  });
});
