/**
 * Server configuration. `loadConfig(env)` reads the process environment (see README); tests build a
 * Config directly with `defaultConfig()` and their own clock and folders.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_UPLOAD_QUOTA_BYTES,
  MAX_JSON_BODY_BYTES,
  MAX_MULTIPART_BODY_BYTES,
  MAX_UPLOAD_QUOTA_MB,
} from '../../src/contract/limits';
import { ROLES, type Role } from '../../src/contract/roles';

/** The push services of Chrome/Android, Firefox, Edge/Windows and Safari. */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

type Mode = 'demo' | 'production';

export interface Config {
  mode: Mode;
  /** The clock of every rule with time in it (sessions, OTPs, throttles). Tests inject their own. */
  now: () => Date;
  /** Sign out after this long without use. */
  sessionIdleMs: number;
  /** Sign out this long after sign-in whatever happens. */
  sessionAbsoluteMs: number;
  /** Trust X-Forwarded-For from a reverse proxy for the client IP. */
  trustProxy: boolean;
  /** Built app (Vite's dist/); null serves no app. */
  distDir: string | null;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** Largest JSON body accepted (bytes). */
  jsonBodyLimit: number;
  /** Largest multipart body accepted (bytes); files themselves are limited per endpoint. */
  multipartBodyLimit: number;
  /** Hosts of the push services the server may post to (push-hosts.ts; PUSH_ALLOWED_HOSTS). */
  pushAllowedHosts: readonly string[];
  /** Largest file an import accepts (IMPORT_MAX_MB, default 20; docs/decisions/0073-import-from-files.md). */
  importMaxBytes: number;
  /** Most rows an imported file may hold (IMPORT_MAX_ROWS, default 100,000). */
  importMaxRows: number;
  /** Most bytes one user's uploaded files may hold together (UPLOAD_QUOTA_MB; docs/security.md). */
  uploadQuotaBytes: number;
  /**
   * Check every answer against the contract before it is sent (a mismatch is a 500), and every
   * statement built once against its own build (server/db/prebuilt.ts): in development and tests;
   * not in production, where it costs time on every request (CHECK_ANSWERS overrides;
   * docs/decisions/0020-every-list-on-an-index.md, docs/decisions/0087-statements-built-once.md).
   */
  checkAnswers: boolean;
  /** Audit entries older than this many days are purged by the scheduler (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /**
   * Finished bulk jobs older than this many days (since they finished) are purged by the scheduler,
   * with their rows (BULK_RETENTION_DAYS; docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md).
   */
  bulkRetentionDays: number;
  /**
   * The rest after each bulk row, as a share of the time the row took: 1 (as long as the row took)
   * leaves the database free to other requests at least half of the time
   * (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md). The server suites run their jobs
   * without it (0): it only waited (docs/decisions/0075-test-run-within-its-budget.md).
   */
  bulkRowRest: number;
  /**
   * Roles that must sign in with a second factor: an account of one of them without a confirmed TOTP
   * factor enrols at its next sign-in before anything else (TWO_FACTOR_REQUIRED_ROLES; admin by
   * default in production, none in demo mode; docs/security.md, "Two-factor sign-in").
   */
  twoFactorRequiredRoles: readonly Role[];
  /**
   * Where users open the app (PUBLIC_URL, e.g. `https://backoffice.example.com`; kept as its origin:
   * scheme, host and port): links in mails (a password reset's, an invitation's) are built from it,
   * never from a request's Host, and the passkeys' relying party is its host name and the only origin
   * their ceremonies are accepted from (docs/security.md, "Account lifecycle"). Demo default:
   * `http://localhost:<PORT>`; production requires it.
   */
  publicUrl: string;
  /**
   * How long the mail queue waits for an SMTP server's connection, greeting or next answer before a
   * send fails and is tried again (SMTP_TIMEOUT_MS); a claim's lease is four times this
   * (docs/decisions/0067-the-mail-queue.md).
   */
  smtpTimeoutMs: number;
}

export const DAY = 24 * 60 * 60 * 1000;

export const defaultConfig = (overrides: Partial<Config> = {}): Config => ({
  mode: 'demo',
  now: () => new Date(),
  sessionIdleMs: 7 * DAY,
  sessionAbsoluteMs: 30 * DAY,
  trustProxy: false,
  distDir: path.resolve('dist'),
  mailFrom: 'Events Back Office <no-reply@localhost>',
  jsonBodyLimit: MAX_JSON_BODY_BYTES,
  multipartBodyLimit: MAX_MULTIPART_BODY_BYTES,
  pushAllowedHosts: DEFAULT_PUSH_HOSTS,
  uploadQuotaBytes: DEFAULT_UPLOAD_QUOTA_BYTES,
  importMaxBytes: 20 * 1024 * 1024,
  importMaxRows: 100_000,
  checkAnswers: true,
  auditRetentionDays: 400,
  bulkRetentionDays: 30,
  bulkRowRest: 1,
  twoFactorRequiredRoles: [],
  publicUrl: 'http://localhost:3000',
  smtpTimeoutMs: 30_000,
  ...overrides,
});

/** What the process needs besides `Config`: where to listen and what to open. */
export interface ProcessSettings {
  port: number;
  host: string;
  dataDir: string;
  dataDirExplicit: boolean;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /**
   * Server processes to run (WORKERS: a number, or `auto`: one per CPU), node:cluster on PostgreSQL;
   * always 1 on the embedded database, which one process alone may open (ADR 0019).
   */
  workers: number;
  /** WORKERS asked for more than one process, but the database is embedded. */
  workersRefused: boolean;
  /** Live streams one user may hold open on one process (LIVE_STREAMS_PER_USER, default 6). */
  liveStreamsPerUser: number;
  /**
   * The embedded database's buffer cache in MB (PGLITE_CACHE_MB, default `PGLITE_CACHE_MB`): its
   * `shared_buffers`, most of the idle server's memory (docs/decisions/0020-every-list-on-an-index.md).
   */
  pgliteCacheMb: number;
  /**
   * The embedded database on a worker thread of its own (PGLITE_THREAD, default on;
   * docs/decisions/0033-the-embedded-database-on-its-own-thread.md); off: on the server's thread.
   */
  pgliteThread: boolean;
  /**
   * How long opening a PostgreSQL connection may take (DB_CONNECT_TIMEOUT_MS, default 10 s): a
   * database that accepts connections but never answers stops the start after it (docs/security.md).
   */
  dbConnectTimeoutMs: number;
}

export class ConfigError extends Error {}

/* ------------------------------------------------------- the environment's schema */

/**
 * Every environment variable the server reads, validated at start (docs/security.md, "Configuration"):
 * a wrong value stops the start with a message naming the variable, what it must be and what it
 * got, instead of failing later (a 500 on every sign-in, a scheduler spinning at 0 ms, a silent hang).
 */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[0-9]+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const flag = z
  .string()
  .trim()
  .regex(/^(1|0|true|false|yes|no|on|off)?$/i, 'must be one of 1, 0, true, false, yes, no, on, off')
  .transform((v) => /^(1|true|yes|on)$/i.test(v));

const urlWith = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes,
      `must be ${what} (${bytes} bytes, base64url)`,
    );

/** Most server processes WORKERS may ask for. */
const MAX_WORKERS = 64;

/** Longest session (10 years): the expiry must stay a valid date, whatever the clock says. */
export const MAX_SESSION_DAYS = 3650;
/** The embedded database's buffer cache (MB) unless PGLITE_CACHE_MB says otherwise. */
export const PGLITE_CACHE_MB = 16;
/** How long opening a PostgreSQL connection may take unless DB_CONNECT_TIMEOUT_MS says otherwise. */
export const DB_CONNECT_TIMEOUT_MS = 10_000;
/** Longest audit (and bulk job) retention (100 years): the cut-off must stay a valid date. */
const MAX_AUDIT_RETENTION_DAYS = 36_500;

const ENV_SCHEMA = z.object({
  NODE_ENV: z.string().optional(),
  PORT: wholeNumber(1, 65535).optional(),
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']).optional(),
  SMTP_URL: urlWith(['smtp:', 'smtps:']).optional(),
  PUBLIC_URL: urlWith(['http:', 'https:'])
    .refine((v) => {
      // Not a URL at all is urlWith's refusal; this one names what else a URL may not carry.
      if (!URL.canParse(v)) return true;
      const url = new URL(v);
      return !url.search && !url.hash && !url.username && !url.password;
    }, 'must be the address users open the app at, without query, fragment or credentials')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  TRUST_PROXY: flag.optional(),
  CHECK_ANSWERS: flag.optional(),
  DIST_DIR: z.string().trim().min(1).optional(),
  SESSION_IDLE_DAYS: wholeNumber(1, MAX_SESSION_DAYS).optional(),
  SESSION_ABSOLUTE_DAYS: wholeNumber(1, MAX_SESSION_DAYS).optional(),
  NOTIFICATION_SCHEDULER_MS: wholeNumber(50, 24 * 60 * 60 * 1000).optional(),
  UPLOAD_QUOTA_MB: wholeNumber(1, MAX_UPLOAD_QUOTA_MB).optional(),
  AUDIT_RETENTION_DAYS: wholeNumber(1, MAX_AUDIT_RETENTION_DAYS).optional(),
  BULK_RETENTION_DAYS: wholeNumber(1, MAX_AUDIT_RETENTION_DAYS).optional(),
  IMPORT_MAX_MB: wholeNumber(1, 1024).optional(),
  IMPORT_MAX_ROWS: wholeNumber(1, 10_000_000).optional(),
  SMTP_TIMEOUT_MS: wholeNumber(100, 10 * 60 * 1000).optional(),
  DB_CONNECT_TIMEOUT_MS: wholeNumber(100, 10 * 60 * 1000).optional(),
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key').optional(),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key').optional(),
  VAPID_SUBJECT: urlWith(['mailto:', 'https:']).optional(),
  LIVE_STREAMS_PER_USER: wholeNumber(1, 10_000).optional(),
  PGLITE_CACHE_MB: wholeNumber(1, 65_536).optional(),
  PGLITE_THREAD: flag.optional(),
  WORKERS: z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === 'auto' || (/^[0-9]+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_WORKERS),
      `must be auto or a whole number from 1 to ${MAX_WORKERS}`,
    )
    .transform((v) => (v === 'auto' ? ('auto' as const) : Number(v)))
    .optional(),
  TWO_FACTOR_REQUIRED_ROLES: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === 'none' ? [] : v.split(',').map((r) => r.trim())))
    .pipe(z.array(z.enum(ROLES, `must be none or a comma-separated list of roles among ${ROLES.join(', ')}`)))
    .optional(),
  PUSH_ALLOWED_HOSTS: z
    .string()
    .trim()
    .regex(
      /^(\*\.)?[A-Za-z0-9.:-]+(\s*,\s*(\*\.)?[A-Za-z0-9.:-]+)*$/,
      'must be a comma-separated list of hosts (a leading "*." allows every host under a domain)',
    )
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()))
    .optional(),
});

export type Env = z.output<typeof ENV_SCHEMA>;

/** The environment checked against ENV_SCHEMA (empty values count as unset); ConfigError naming each wrong variable. */
const parseEnv = (env: NodeJS.ProcessEnv): Env => {
  const present = Object.fromEntries(
    Object.keys(ENV_SCHEMA.shape)
      .map((k) => [k, env[k]] as const)
      .filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const result = ENV_SCHEMA.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const got = String(present[name] ?? '');
    const shown = name.includes('PRIVATE') || name.includes('URL') ? '' : ` (got "${got.slice(0, 80)}")`;
    return `${name} ${issue.message}${shown}.`;
  });
  throw new ConfigError(`These settings are not valid:\n  - ${lines.join('\n  - ')}`);
};

export const loadConfig = (
  env: NodeJS.ProcessEnv = process.env,
): { config: Config; settings: ProcessSettings; env: Env } => {
  const e = parseEnv(env);
  const mode: Mode = e.NODE_ENV === 'production' ? 'production' : 'demo';
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  const settings: ProcessSettings = {
    port: e.PORT ?? 3000,
    host: e.HOST || '127.0.0.1',
    dataDir: path.resolve(e.DATA_DIR || 'data'),
    dataDirExplicit: Boolean(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    smtpUrl: e.SMTP_URL || null,
    workers: 1,
    workersRefused: false,
    liveStreamsPerUser: e.LIVE_STREAMS_PER_USER ?? 6,
    pgliteCacheMb: e.PGLITE_CACHE_MB ?? PGLITE_CACHE_MB,
    pgliteThread: e.PGLITE_THREAD ?? true,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS ?? DB_CONNECT_TIMEOUT_MS,
  };
  const asked = e.WORKERS === 'auto' ? Math.min(availableParallelism(), MAX_WORKERS) : (e.WORKERS ?? 1);
  if (settings.databaseUrl) settings.workers = asked;
  else settings.workersRefused = asked > 1;
  if (mode === 'production') {
    const missing: string[] = [];
    if (!settings.smtpUrl) missing.push('SMTP_URL (the mail server that sends sign-up codes)');
    if (!e.PUBLIC_URL) missing.push('PUBLIC_URL (the address users open the app at, for links in mails)');
    if (!settings.databaseUrl && !settings.dataDirExplicit)
      missing.push('DATABASE_URL (PostgreSQL) or DATA_DIR (folder of the embedded database)');
    if (missing.length)
      throw new ConfigError(
        `NODE_ENV=production needs these settings, which are missing:\n  - ${missing.join('\n  - ')}`,
      );
  }
  const config = defaultConfig({
    mode,
    trustProxy: e.TRUST_PROXY ?? false,
    distDir: path.resolve(e.DIST_DIR || 'dist'),
    mailFrom: e.MAIL_FROM || 'Events Back Office <no-reply@localhost>',
    sessionIdleMs: (e.SESSION_IDLE_DAYS ?? 7) * DAY,
    sessionAbsoluteMs: (e.SESSION_ABSOLUTE_DAYS ?? 30) * DAY,
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS ?? DEFAULT_PUSH_HOSTS,
    uploadQuotaBytes:
      e.UPLOAD_QUOTA_MB === undefined ? DEFAULT_UPLOAD_QUOTA_BYTES : e.UPLOAD_QUOTA_MB * 1024 * 1024,
    checkAnswers: e.CHECK_ANSWERS ?? mode !== 'production',
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? 400,
    bulkRetentionDays: e.BULK_RETENTION_DAYS ?? 30,
    importMaxBytes: (e.IMPORT_MAX_MB ?? 20) * 1024 * 1024,
    importMaxRows: e.IMPORT_MAX_ROWS ?? 100_000,
    twoFactorRequiredRoles: e.TWO_FACTOR_REQUIRED_ROLES ?? (mode === 'production' ? ['admin'] : []),
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${settings.port}`).origin,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS ?? 30_000,
  });
  return { config, settings, env: e };
};
