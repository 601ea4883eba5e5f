/** Steps through the app's screens the way a user does (labels of docs/product.md §2, agreed test ids). */
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { SERVER_MESSAGES, type ServerMessageKey } from '../../server/core/messages';

/** A regular expression matching a server message in `lang`, with `{params}` as wildcards. */
/** What the suite's pages were answered 401 and wrote to the console (tests/support/suite.ts): a shell that does not show names them. */
export const unauthorized = new WeakMap<Page, string[]>();
export const consoleOf = new WeakMap<Page, string[]>();

/** Records on `page` what waitForShell reports when the shell does not show. */
export function watchPage(page: Page): void {
  const answered: string[] = [];
  const said: string[] = [];
  unauthorized.set(page, answered);
  consoleOf.set(page, said);
  page.on('response', (r) => {
    if (r.status() !== 401) return;
    const entry = `${r.request().method()} ${new URL(r.url()).pathname} @${new Date().toISOString().slice(11, 23)}`;
    const at = answered.push(entry) - 1;
    // Which token it carried (its end) and why the server refused it: a session that ended, or one
    // the server did not find.
    void Promise.all([r.request().headerValue('authorization'), r.json().catch(() => null)])
      .then(([authorization, body]) => {
        const message = (body as { message?: unknown } | null)?.message;
        answered[at] = `${entry} (token …${authorization?.slice(-6) ?? 'none'}: ${String(message)})`;
      })
      .catch(() => undefined);
  });
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') said.push(`${m.type()}: ${m.text().slice(0, 200)}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame())
      said.push(`navigated ${new URL(f.url()).pathname} @${new Date().toISOString().slice(11, 23)}`);
  });
}

export const messageRe = (key: ServerMessageKey, lang: 'en' | 'ar' = 'en'): RegExp =>
  new RegExp(SERVER_MESSAGES[key][lang].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+?'));

export const loginResponse = (page: Page): Promise<Response> =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login' && r.request().method() === 'POST');

/** Fills and submits the login form; resolves with the /api/login answer. */
export async function submitLogin(page: Page, email: string, password: string): Promise<Response> {
  await page.getByLabel('Email Id').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = loginResponse(page);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  return answer;
}

/**
 * Signs in from the login screen and waits for the signed-in shell with its sidebar loaded, in
 * English: the app applies the language saved on the server after sign-in
 * (docs/decisions/0023-screens-for-staff.md), so a user an earlier test switched to Arabic is
 * switched back, as a user would.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  const answer = await submitLogin(page, email, password);
  if (answer.status() !== 200) throw new Error(`Sign-in of ${email} answered ${answer.status()}`);
  await waitForShell(page);
  if ((await htmlLangDir(page)).lang !== 'en') {
    const reloaded = page.waitForEvent('load');
    await chooseLanguage(page, 'en');
    await reloaded;
    await waitForShell(page);
  }
}

/**
 * The signed-in shell is shown with its permissions loaded: the header's profile menu, the main
 * area without a spinner and, where the sidebar is part of the page (desktop), its links.
 */
export async function waitForShell(page: Page): Promise<void> {
  const answered401 = (unauthorized.get(page) ?? []).join(', ') || 'none';
  await page
    .getByTestId('profile-menu')
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      // What the page shows instead, and the app's last files fetched: a rare wait here is otherwise
      // a bare timeout.
      const shown = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      const fetched = await page
        .evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (r) => `${new URL(r.name).pathname.split('/').slice(-2).join('/')} ${r.responseStatus}`,
          ),
        )
        .catch(() => []);
      throw new Error(
        `${error.message}\nat ${page.url()}, showing ${JSON.stringify(shown.slice(0, 300))}; last fetched: ${fetched.slice(-15).join(', ')}; answered 401: ${answered401}; console: ${(consoleOf.get(page) ?? []).slice(-8).join(' | ')}`,
        { cause: error },
      );
    });
  await page.waitForFunction(
    () => {
      if (!document.querySelector('main#main')) return false;
      if (document.querySelector('[data-testid="full-page-spinner"]')) return false;
      const sidebar = document.querySelector('[data-testid="sidebar"]');
      return !sidebar || sidebar.querySelectorAll('a[href]').length > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Opens `path` as the app's own links do when the page already shows the signed-in app: a history
 * entry the router follows, without loading the document again (a user moving between screens; a
 * load costs about four times the CPU). Waits until the router has resolved it (the shell's
 * `data-location-key`), or a redirect has landed instead, and nothing in the page is busy or in a
 * transition. On any other page (signed out, not loaded yet) it is `page.goto`. A journey that is
 * about a cold start, a reload or a link opened from outside calls `page.goto` itself
 * (docs/decisions/0049-journeys-inside-the-app.md).
 */
export async function visit(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((href) => {
    const shown = document.querySelector('main#main')?.getAttribute('data-location-key');
    if (!shown) return null;
    const state = history.state as { __TSR_index?: number } | null;
    const key = crypto.randomUUID();
    // The router's own entry shape (@tanstack/history): an index for back and forward, and a key.
    history.pushState({ __TSR_index: (state?.__TSR_index ?? 0) + 1, key, __TSR_key: key }, '', href);
    return shown;
  }, path);
  if (before === null) {
    await page.goto(path);
    return;
  }
  // The entry pushed, or the one a redirect put in its place: either is a new key. A screen that
  // stays mounted (a list given other parameters) still shows what it had until its data comes:
  // nothing in the page may be busy. The sidebar's entries change colour with a transition: what a
  // test reads of them (axe's contrast) is read once they have settled, as after a load.
  await page.waitForFunction(
    (before) => {
      const main = document.querySelector('main#main');
      return (
        main?.getAttribute('data-location-key') !== before &&
        !main?.querySelector('[aria-busy="true"]') &&
        !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running')
      );
    },
    before,
    { timeout: 30_000 },
  );
}

/** The header button that shows and hides the sidebar (the drawer on phones). */
/**
 * Follows `link` as a user does and waits until the app shows `pathname`. A click that lands while
 * the page still moves (the dashboard's figures arriving above its links, the connection banner)
 * can hit what was there a moment before; the user then clicks again, and so does this.
 */
export async function follow(page: Page, link: Locator, pathname: string): Promise<void> {
  const arrived = () =>
    page
      .waitForURL((url) => url.pathname === pathname, { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  await link.click();
  if (await arrived()) return;
  await link.click();
  await page.waitForURL((url) => url.pathname === pathname);
}

export const sidebarToggle = (page: Page) => page.locator('header button[aria-controls]').first();

/**
 * Waits until the page is controlled by the service worker (after its first activation). Its first
 * install precaches the whole build (about 1.9 MB in 89 scripts with the door's screens); on two
 * cores running every suite at once that once took longer than 30 s, so it may take 60.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
}

type Target = string | Locator;
const triggerOf = (page: Page, target: Target) =>
  typeof target === 'string' ? page.getByTestId(target) : target;

/** The open list of a Select or Combobox (its popover: `<testId>-options`). */
async function openList(page: Page, target: Target): Promise<Locator> {
  const trigger = triggerOf(page, target);
  const list = page.getByTestId(`${await trigger.getAttribute('data-testid')}-options`);
  if (!(await list.isVisible())) await trigger.click();
  await list.waitFor();
  return list;
}

/**
 * Chooses an option of the app's Select or Combobox (src/components/Select.tsx,
 * docs/decisions/0081-one-control-family.md) as a person does: opens it (by its test id or a
 * locator) and clicks the option by its value (`data-choice`, '' for "All"/"None"), its label, or its
 * place in the list (0: the first, the "All"/"Choose…" one where listed).
 */
export async function choose(
  page: Page,
  target: Target,
  choice: string | { label: string | RegExp } | { index: number },
): Promise<void> {
  const list = await openList(page, target);
  const option =
    typeof choice === 'string'
      ? list.locator(`[data-choice="${choice.replaceAll('"', '\\"')}"]`)
      : 'label' in choice
        ? list.getByRole('option', { name: choice.label, exact: typeof choice.label === 'string' })
        : list.getByRole('option').nth(choice.index);
  await option.click();
  await list.waitFor({ state: 'hidden' });
}

/** The choices a Select or Combobox lists (opened and closed again with Escape), "All"/"None" included. */
export async function choicesOf(page: Page, target: Target): Promise<{ value: string; label: string }[]> {
  const list = await openList(page, target);
  const choices = await list
    .locator('[data-choice]')
    .evaluateAll((items) =>
      items.map((item) => ({ value: item.getAttribute('data-choice') ?? '', label: item.textContent ?? '' })),
    );
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
  return choices;
}

/** The value chosen in a Select or Combobox (its trigger's `data-value`). */
export const chosenValue = async (page: Page, target: Target): Promise<string> =>
  (await triggerOf(page, target).getAttribute('data-value')) ?? '';

/** Chooses a language with the header's language switcher (a select or a menu button). */
export async function chooseLanguage(page: Page, language: 'en' | 'ar'): Promise<void> {
  const switcher = page.getByTestId('language-switcher');
  await switcher.waitFor();
  const label = language === 'ar' ? /العربية|Arabic/ : /English|الإنجليزية/;
  if ((await switcher.getAttribute('role')) === 'combobox') {
    await choose(page, switcher, language);
    return;
  }
  await switcher.click();
  await page
    .getByRole('menuitemradio', { name: label })
    .or(page.getByRole('menuitem', { name: label }))
    .or(page.getByRole('option', { name: label }))
    .first()
    .click();
}

/**
 * Opens the profile menu and chooses Sign Out (`label`: its Arabic name on an Arabic screen): the
 * menu's own item by its exact name. My Profile has "Sign out" buttons of its own (another device's
 * session, "Sign out all other devices"), which a looser match took while the menu was opening.
 */
export async function signOut(page: Page, label = 'Sign Out'): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('profile-menu-content').getByRole('menuitem', { name: label, exact: true }).click();
}

/** The html element's lang and dir. */
export const htmlLangDir = (page: Page): Promise<{ lang: string; dir: string }> =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Switches to Arabic and waits for the reload that follows the saved choice. */
export async function toArabic(page: Page): Promise<void> {
  if ((await htmlLangDir(page)).lang === 'ar') return;
  const reloaded = page.waitForEvent('load');
  await chooseLanguage(page, 'ar');
  await reloaded;
  await waitForShell(page);
  await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
}

/** The rows of a resource list. */
export const listRows = (page: Page) => page.getByTestId('list-row');

/**
 * Chooses a date (and time) in a DateField (src/components/DateField.tsx) as a person would: opens
 * its calendar, picks the year, the month and the day, then the time: a quarter hour from the list,
 * any other time typed (HH:mm) into the list's box. `value` is the wire form `YYYY-MM-DD` or
 * `YYYY-MM-DDTHH:mm`; `testId` the field's (`field-startsAt`).
 */
export async function pickDate(page: Page, testId: string, value: string): Promise<void> {
  const [day, time] = value.split('T') as [string, string | undefined];
  const [year, month] = day.split('-').map(Number) as [number, number];
  await page.getByTestId(`${testId}-day`).click();
  await choose(page, `${testId}-year`, String(year));
  await choose(page, `${testId}-month`, String(month - 1));
  await page.getByTestId(`${testId}-calendar`).locator(`[data-day="${day}"] button`).click();
  if (time) await pickTime(page, `${testId}-time`, time);
  await page
    .getByTestId(testId)
    .and(page.locator(`[value="${value}"]`))
    .waitFor({ state: 'attached' });
}

/** Chooses a time `HH:mm` in a DateField's time control: from the list when listed, else typed. */
export async function pickTime(page: Page, testId: string, time: string): Promise<void> {
  if (Number(time.slice(3)) % 15 === 0) return choose(page, testId, time);
  const list = await openList(page, testId);
  await page.getByTestId(`${testId}-search`).fill(time);
  await list.locator(`[data-choice="${time}"]`).waitFor();
  await page.keyboard.press('Enter');
  await list.waitFor({ state: 'hidden' });
}
