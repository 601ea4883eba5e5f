import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { clear, get } from 'idb-keyval';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { directionOf } from './i18n';
import { changeLanguage, showFlashNotice } from './language';
import { NoticeHost } from './notify';
import { getSession, hydrateSession, resetSessionForTests, storeSignIn } from './session';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({ baseURL: server.url, onUnauthorized: () => undefined });
});
afterAll(async () => {
  configureApi({ baseURL: '', timeoutMs: API_TIMEOUT_MS });
  await server.close();
});
beforeEach(async () => {
  await clear();
  sessionStorage.clear();
  resetSessionForTests();
  await hydrateSession();
  server.received.length = 0;
  i18n.activate('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
afterEach(() => {
  act(() => toast.remove());
});

const renderNotices = () =>
  render(
    <I18nProvider i18n={i18n}>
      <NoticeHost dir="ltr" />
    </I18nProvider>,
  );

const signIn = () =>
  storeSignIn({
    token: 't',
    name: { en: 'A', ar: 'أ' },
    email: 'a@example.com',
    profileImage: null,
    role: 'admin',
  });

describe('language direction', () => {
  it('is rtl for Arabic only', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('signed out: stores the choice and switches <html lang dir> without calling the server', async () => {
    const reload = vi.fn();
    await expect(changeLanguage('ar', reload)).resolves.toBe('local');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.locale).toBe('ar');
    expect(await get('language')).toBe('ar');
    expect(server.received).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();

    await changeLanguage('en', reload);
    expect(document.documentElement.dir).toBe('ltr');
    expect(getSession().language).toBe('en');
  });

  it('signed in: saves on the server, then reloads and shows the change in the new language', async () => {
    await signIn();
    server.on('POST /api/set-language', (_req, res) => json(res, 200, { status: 200, message: 'Saved' }));
    const reload = vi.fn();
    await expect(changeLanguage('ar', reload)).resolves.toBe('saved');
    expect(JSON.parse(server.received[0]?.body ?? '{}')).toEqual({ language: 'ar' });
    expect(reload).toHaveBeenCalledTimes(1);

    // After the reload (here: in the same page) the notice appears, in Arabic.
    renderNotices();
    act(() => showFlashNotice());
    const notice = await screen.findByTestId('notice');
    expect(notice).toHaveTextContent('تم بنجاح!');
    expect(notice).toHaveTextContent('تم تغيير اللغة إلى العربية');
    expect(sessionStorage.getItem('pending-notice')).toBeNull();
  });

  it('names English in the notice when switching back', async () => {
    await signIn();
    server.on('POST /api/set-language', (_req, res) => json(res, 200, { status: 200, message: 'Saved' }));
    await changeLanguage('en', () => undefined);
    renderNotices();
    act(() => showFlashNotice());
    expect(await screen.findByTestId('notice')).toHaveTextContent('Language changed to English');
  });

  it('signed in: a failed save shows Error! "Failed to change language" and does not reload', async () => {
    await signIn();
    server.on('POST /api/set-language', (_req, res) =>
      json(res, 500, { status: 500, message: 'Database down' }),
    );
    renderNotices();
    const reload = vi.fn();
    await act(async () => {
      await expect(changeLanguage('en', reload)).resolves.toBe('failed');
    });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Error!');
    expect(notice).toHaveTextContent('Failed to change language');
    expect(reload).not.toHaveBeenCalled();
  });
});
