import { describe, expect, it } from 'vitest';
import { api } from './index';
import { importApi } from './import';
import { formatMoney, routeOf } from './plain';
import { routes } from './routes.gen';

/**
 * Every endpoint but the imports, which only the import dialog calls, with the contract it loads
 * (docs/decisions/0073-import-from-files.md): they stay off the first load.
 */
const listed = Object.keys(api).filter((name) => !(name in importApi)) as (keyof typeof api)[];

describe('routes.gen.ts', () => {
  it('holds every endpoint of the contract but the imports, and no other (else run `npm run routes:generate`)', () => {
    expect(Object.keys(routes).sort()).toEqual([...listed].sort());
  });

  it.each(listed)('%s: method, path, access and idempotency are the contract’s', (name) => {
    expect(routes[name]).toEqual(routeOf(api[name]));
    expect(routes[name].idempotent ?? false).toBe(api[name].idempotent ?? false);
  });
});

describe('formatMoney', () => {
  it('formats minor units in each language, with a kept formatter giving the same text', () => {
    expect(formatMoney(15000, 'en')).toBe(formatMoney(15000, 'en'));
    expect(formatMoney(15000, 'en')).toMatch(/SAR\s?150\.00/);
    expect(formatMoney(15000, 'ar')).toContain('١٥٠٫٠٠');
    expect(formatMoney(5, 'en')).toMatch(/0\.05/);
  });
});
