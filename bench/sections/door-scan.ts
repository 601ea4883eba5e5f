/**
 * The door offline on a mid phone (docs/decisions/0055-the-door.md): the door screen keeps an
 * event's 5,000 tickets, the connection is cut, and Chromium's CPU is slowed 4× (a mid phone);
 * each scan hands the screen a decoded ticket (the scanner field and Enter, as a hardware scanner or
 * the camera's decoder does) and the figure is the time from that moment to the verdict on screen,
 * judged on the device (signature, kept list, rules). The verdicts are checked: every fresh ticket
 * admitted, every second scan of one "already".
 */
import { chromium } from 'playwright-core';
import { signIn } from '../../tests/support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { readBudgets } from '../lib/budgets';
import { freshDataDir } from '../lib/data';
import { startServer, signInAs } from '../lib/server';
import { percentile } from '../lib/stats';
import { budgetRow, type BenchContext, type SectionResult } from '../lib/types';
import { callerOf, eventWithGuests } from './door';
import { DEMO, DEMO_PASSWORD } from '../../server/seed/demo-accounts';

const KEPT = 5_000;
const SCANS = 60;
const CPU_SLOWDOWN = 4;

/**
 * In the page: notes when Enter is pressed in the scanner field and how long until a verdict is on
 * screen, with its kind (window.__doorScans). A string, not a function: tsx wraps named functions
 * in a `__name` helper that does not exist in the page.
 */
const WATCH = `(() => {
  const scans = (window.__doorScans = []);
  let pressed = null;
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target?.dataset?.testid === 'door-code') pressed = performance.now();
  }, true);
  new MutationObserver(() => {
    const verdict = document.querySelector('[data-testid="door-verdict"]');
    if (!verdict || pressed === null) return;
    scans.push({ ms: performance.now() - pressed, verdict: verdict.getAttribute('data-verdict') });
    pressed = null;
  }).observe(document.body, { childList: true, subtree: true });
})()`;

export async function runDoorScan(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const budget = readBudgets().door;
  const server = await startServer({ distDir: ctx.distDir, dataDir: await freshDataDir('door-scan') });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const call = callerOf(server.port, await signInAs(server.port, 'admin'));
    ctx.log(`door-scan: an event with ${KEPT} guests and their tickets`);
    const { eventId, tickets } = await eventWithGuests(call, KEPT);
    const context = await browser.newContext({
      baseURL: server.origin,
      viewport: { width: 390, height: 844 },
    });
    await context.addInitScript(() =>
      localStorage.setItem(
        'ebo.door.device',
        JSON.stringify({ id: 'bench-scan-device', name: 'Gate bench' }),
      ),
    );
    const page = await context.newPage();
    await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto(`/admin/event/door/${eventId}`);
    await page.getByTestId('door-code').waitFor({ timeout: 60_000 });
    // The whole list is on the device (expected counts every kept guest).
    await page.waitForFunction(
      `document.querySelector('[data-testid="door-expected"]')?.textContent.replace(/\\D/g, '') === '${KEPT}'`,
      undefined,
      { timeout: 60_000 },
    );
    await context.setOffline(true);
    await page.evaluate(WATCH);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const times: number[] = [];
    const verdicts: Record<string, number> = {};
    for (let i = 0; i < SCANS; i++) {
      // Every third scan is a ticket this device already admitted: judged "already" from its own queue.
      const ticket = i % 3 === 2 ? tickets[i - 1]! : tickets[i]!;
      await page.getByTestId('door-code').fill(ticket);
      await page.getByTestId('door-code').press('Enter');
      await page.getByTestId('door-verdict').waitFor();
      const scans = (await page.evaluate('window.__doorScans')) as { ms: number; verdict: string }[];
      const { ms, verdict } = scans.at(-1)!;
      if (scans.length !== i + 1) throw new Error(`door-scan: scan ${i} was not timed`);
      times.push(ms);
      verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
      await page.keyboard.press('Enter');
      await page.getByTestId('door-verdict').waitFor({ state: 'detached' });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    if (verdicts.admitted !== SCANS - SCANS / 3 || verdicts.already !== SCANS / 3)
      throw new Error(`door-scan: unexpected verdicts ${JSON.stringify(verdicts)}`);
    return {
      section: 'door-scan',
      measuredAt: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      rows: [
        budgetRow(
          'door-scan',
          `offline scan to verdict p95, ${KEPT} tickets kept, CPU ${CPU_SLOWDOWN}× slower`,
          'ms',
          [p95],
          {
            max: budget?.scanP95,
          },
        ),
      ],
      notes: [
        `${SCANS} scans offline (Chromium ${CPU_SLOWDOWN}× CPU slowdown, 390 px): p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; verdicts ${JSON.stringify(verdicts)}.`,
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
