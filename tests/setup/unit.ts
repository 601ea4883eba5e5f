/**
 * Setup of the "unit" vitest project (happy-dom): IndexedDB for idb-keyval, Web Storage of the test
 * environment's own, jest-dom matchers, the API client connected to the session, the English catalog
 * active, and a clean DOM and empty storage between tests.
 */
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { Storage } from 'happy-dom';
import { afterEach, beforeAll } from 'vitest';
import { connectApi } from '../../src/app/api-setup';
import { configureApi } from '../../src/lib/api';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as ar } from '../../src/locales/ar/messages.po';

// Web Storage from happy-dom, set here whatever the runtime provides: Node 25 and later have their own
// `localStorage` and `sessionStorage` globals (without --localstorage-file, `localStorage` is
// undefined), and the test environment does not replace globals that already exist
// (docs/architecture.md §7).
for (const name of ['localStorage', 'sessionStorage'] as const)
  Object.defineProperty(globalThis, name, {
    value: new Storage(),
    configurable: true,
    enumerable: true,
    writable: true,
  });

// The API client reads the session and waits for the first screen, as in the app (src/main.tsx).
connectApi(() => undefined);
// Unit tests call signed-in endpoints of their local servers without a session; the app's refusal
// of such calls is tested on its own (src/lib/api.test.ts).
configureApi({ requireToken: false });

// `findBy…` and `waitFor` wait up to 5 s (the default is 1 s): the unit suite runs beside the browser
// suite (docs/decisions/0039-two-runs-side-by-side.md), and a lazy part of a screen loading its module
// on a busy machine is slower, not wrong.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  i18n.load({ en, ar });
  i18n.activate('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
