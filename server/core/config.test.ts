import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_QUOTA_BYTES } from '../../src/contract/limits';
import webpush from 'web-push';
import { ConfigError, DB_CONNECT_TIMEOUT_MS, loadConfig, MAX_SESSION_DAYS, PGLITE_CACHE_MB } from './config';

describe('loadConfig', () => {
  it('runs WORKERS processes on PostgreSQL only, and refuses a bad WORKERS', () => {
    const pg = { DATABASE_URL: 'postgres://u@127.0.0.1/db' };
    expect(loadConfig({}).settings.workers).toBe(1);
    expect(loadConfig({ ...pg, WORKERS: '3' }).settings.workers).toBe(3);
    expect(loadConfig({ ...pg, WORKERS: ' AUTO ' }).settings.workers).toBeGreaterThanOrEqual(1);
    const embedded = loadConfig({ WORKERS: '4' }).settings;
    expect(embedded.workers).toBe(1);
    expect(embedded.workersRefused).toBe(true);
    for (const bad of ['0', '65', 'many', '2.5'])
      expect(() => loadConfig({ ...pg, WORKERS: bad }), bad).toThrow(
        /WORKERS must be auto or a whole number/,
      );
  });

  it('runs the embedded database on its own thread unless PGLITE_THREAD is off', () => {
    expect(loadConfig({}).settings.pgliteThread).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: 'on' }).settings.pgliteThread).toBe(true);
    for (const off of ['off', '0', 'false', 'NO', ' off '])
      expect(loadConfig({ PGLITE_THREAD: off }).settings.pgliteThread, off).toBe(false);
    expect(() => loadConfig({ PGLITE_THREAD: 'sometimes' })).toThrow(/PGLITE_THREAD/);
  });

  it('sizes the embedded database’s buffer cache from PGLITE_CACHE_MB', () => {
    expect(loadConfig({}).settings.pgliteCacheMb).toBe(PGLITE_CACHE_MB);
    expect(loadConfig({ PGLITE_CACHE_MB: '128' }).settings.pgliteCacheMb).toBe(128);
    for (const bad of ['0', 'lots', '1.5'])
      expect(() => loadConfig({ PGLITE_CACHE_MB: bad }), bad).toThrow(/PGLITE_CACHE_MB/);
  });

  it('times PostgreSQL connections out after DB_CONNECT_TIMEOUT_MS, 10 s by default', () => {
    expect(loadConfig({}).settings.dbConnectTimeoutMs).toBe(DB_CONNECT_TIMEOUT_MS);
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '1000' }).settings.dbConnectTimeoutMs).toBe(1000);
    for (const bad of ['99', '600001', 'soon'])
      expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: bad }), bad).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });

  it('reads TWO_FACTOR_REQUIRED_ROLES: admin by default in production, none in demo mode', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:25',
      DATA_DIR: '/tmp/x',
      PUBLIC_URL: 'https://office.example.com',
    };
    expect(loadConfig({}).config.twoFactorRequiredRoles).toEqual([]);
    expect(loadConfig(production).config.twoFactorRequiredRoles).toEqual(['admin']);
    expect(
      loadConfig({ ...production, TWO_FACTOR_REQUIRED_ROLES: 'none' }).config.twoFactorRequiredRoles,
    ).toEqual([]);
    expect(
      loadConfig({ TWO_FACTOR_REQUIRED_ROLES: ' Admin, manager ' }).config.twoFactorRequiredRoles,
    ).toEqual(['admin', 'manager']);
    for (const bad of ['root', 'admin,,manager', 'admin;manager'])
      expect(() => loadConfig({ TWO_FACTOR_REQUIRED_ROLES: bad }), bad).toThrow(
        /TWO_FACTOR_REQUIRED_ROLES must be none or a comma-separated list of roles/,
      );
  });

  it('takes the public URL (the passkeys’ relying party) from PUBLIC_URL, else localhost and the port', () => {
    expect(loadConfig({}).config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).config.publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://office.example.com/admin/' }).config.publicUrl).toBe(
      'https://office.example.com',
    );
    for (const bad of ['office.example.com', 'ftp://office.example.com'])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
  });

  it('refuses a production start without mail and database settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('takes the links of mails from PUBLIC_URL, never a request: localhost in demo mode, required in production', () => {
    expect(loadConfig({ PORT: '3005' }).config.publicUrl).toBe('http://localhost:3005');
    expect(loadConfig({ PUBLIC_URL: 'https://office.example.com/' }).config.publicUrl).toBe(
      'https://office.example.com',
    );
    for (const bad of [
      'office.example.com',
      'ftp://office.example.com',
      'https://a.example?x=1',
      'https://u:p@a.example',
    ])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', DATA_DIR: '/tmp/ebo' }),
    ).toThrow(/PUBLIC_URL/);
  });

  it('validates every variable at start and names the wrong one, what it must be and what it got', () => {
    const refused = (env: NodeJS.ProcessEnv, ...parts: string[]) => {
      let message = '';
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      for (const part of parts) expect(message, JSON.stringify(env)).toContain(part);
    };
    refused({ SESSION_ABSOLUTE_DAYS: '100000000' }, 'SESSION_ABSOLUTE_DAYS', `at most ${MAX_SESSION_DAYS}`);
    refused({ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS', 'at least 1');
    refused({ NOTIFICATION_SCHEDULER_MS: '0' }, 'NOTIFICATION_SCHEDULER_MS', 'at least 50');
    refused({ NOTIFICATION_SCHEDULER_MS: 'abc' }, 'NOTIFICATION_SCHEDULER_MS', 'whole number', '"abc"');
    refused({ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS', 'at least 1');
    refused({ AUDIT_RETENTION_DAYS: '1y' }, 'AUDIT_RETENTION_DAYS', 'whole number', '"1y"');
    refused({ BULK_RETENTION_DAYS: '0' }, 'BULK_RETENTION_DAYS', 'at least 1');
    refused({ BULK_RETENTION_DAYS: '30d' }, 'BULK_RETENTION_DAYS', 'whole number', '"30d"');
    refused({ PORT: '70000' }, 'PORT', 'at most 65535');
    refused({ PORT: '3000x' }, 'PORT', 'whole number');
    refused(
      { VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: 'x' },
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
    );
    refused({ VAPID_SUBJECT: 'admin@example.com' }, 'VAPID_SUBJECT', 'mailto:');
    refused({ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL', 'postgres://');
    refused({ SMTP_URL: 'localhost:25' }, 'SMTP_URL', 'smtp://');
    refused({ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY');
    refused({ UPLOAD_QUOTA_MB: '0' }, 'UPLOAD_QUOTA_MB', 'at least 1');
    refused({ UPLOAD_QUOTA_MB: '2GB' }, 'UPLOAD_QUOTA_MB', 'whole number', '"2GB"');
    refused({ UPLOAD_QUOTA_MB: '99999999' }, 'UPLOAD_QUOTA_MB', 'at most 1048576');
    // several wrong ones are all named at once
    refused({ PORT: '0', SESSION_IDLE_DAYS: 'x' }, 'PORT', 'SESSION_IDLE_DAYS');
    // a private key is never echoed
    let message = '';
    try {
      loadConfig({ VAPID_PRIVATE_KEY: 'secret-value-123' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('VAPID_PRIVATE_KEY');
    expect(message).not.toContain('secret-value-123');
  });

  it('accepts valid values, and the largest session length still gives valid dates', () => {
    const keys = webpush.generateVAPIDKeys();
    const { config, env } = loadConfig({
      SESSION_ABSOLUTE_DAYS: String(MAX_SESSION_DAYS),
      NOTIFICATION_SCHEDULER_MS: '1000',
      AUDIT_RETENTION_DAYS: '30',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      TRUST_PROXY: 'yes',
      PORT: '',
    });
    expect(env.NOTIFICATION_SCHEDULER_MS).toBe(1000);
    expect(config.auditRetentionDays).toBe(30);
    expect(loadConfig({}).config.auditRetentionDays).toBe(400);
    expect(loadConfig({}).config.bulkRetentionDays).toBe(30);
    expect(loadConfig({ BULK_RETENTION_DAYS: '7' }).config.bulkRetentionDays).toBe(7);
    expect(config.trustProxy).toBe(true);
    expect(config.uploadQuotaBytes).toBe(DEFAULT_UPLOAD_QUOTA_BYTES);
    expect(loadConfig({ UPLOAD_QUOTA_MB: '20' }).config.uploadQuotaBytes).toBe(20 * 1024 * 1024);
    expect(Number.isFinite(new Date(Date.now() + config.sessionAbsoluteMs).getTime())).toBe(true);
  });
});
