/**
 * A full disk is named, not a generic 500 (docs/security.md, "Limits and their values"): the file
 * system (ENOSPC) or PostgreSQL (53100 disk_full) answers 507 with a message in the caller's
 * language, and nothing is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FAULT_MESSAGES, isDiskFull } from '../../server/http/db-faults';
import { createTestServer, type TestServer } from '../setup/server';
import { pngForm, signInAs } from '../support/kit';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

describe('disk full', () => {
  it('an upload on a full disk answers 507 with a clear message, in English and Arabic, and changes nothing', async () => {
    const token = await signInAs(t, 'admin');
    const before = (await t.request('GET', '/api/profile', { token })).body.data;
    const storage = t.deps.storage;
    const put = storage.put;
    storage.put = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    try {
      for (const lang of ['en', 'ar'] as const) {
        const res = await t.request('POST', '/api/profile/image', { token, body: pngForm('me.png'), lang });
        expect([res.status, res.body.message]).toEqual([507, DB_FAULT_MESSAGES.diskFull[lang]]);
      }
    } finally {
      storage.put = put;
    }
    const after = (await t.request('GET', '/api/profile', { token })).body.data;
    expect(after.version).toBe(before.version);
  });

  it('recognises PostgreSQL’s disk_full and wrapped causes', () => {
    expect(isDiskFull({ code: '53100', message: 'could not extend file' })).toBe(true);
    expect(isDiskFull(new Error('insert failed', { cause: { code: 'ENOSPC' } }))).toBe(true);
    expect(isDiskFull(new Error('duplicate key'))).toBe(false);
  });
});
