import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('keeps the read cache on unless READ_CACHE turns it off', () => {
    expect(loadConfig({}).settings.readCache).toBe(true);
    expect(loadConfig({ READ_CACHE: 'on' }).settings.readCache).toBe(true);
    for (const off of ['off', '0', 'false', 'NO', ' off '])
      expect(loadConfig({ READ_CACHE: off }).settings.readCache, off).toBe(false);
  });

  it('refuses a production start without mail and database settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  });
});
