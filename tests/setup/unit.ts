/**
 * Setup of the "unit" vitest project (happy-dom): IndexedDB for idb-keyval, jest-dom matchers,
 * the API client connected to the session, the English catalog active, and a clean DOM between tests.
 */
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll } from 'vitest';
import { connectApi } from '../../src/app/api-setup';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as ar } from '../../src/locales/ar/messages.po';

// The API client reads the session and waits for the first screen, as in the app (src/main.tsx).
connectApi(() => undefined);

beforeAll(() => {
  i18n.load({ en, ar });
  i18n.activate('en');
});

afterEach(() => {
  cleanup();
});
