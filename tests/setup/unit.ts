/**
 * Setup of the "unit" vitest project (happy-dom): IndexedDB for idb-keyval, jest-dom matchers,
 * the English catalog active, and a clean DOM between tests.
 */
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { afterEach, beforeAll } from 'vitest';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as ar } from '../../src/locales/ar/messages.po';

beforeAll(() => {
  i18n.load({ en, ar });
  i18n.activate('en');
});

afterEach(() => {
  cleanup();
});
