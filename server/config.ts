/**
 * Server configuration. `loadConfig(env)` reads the process environment (see README); tests build a
 * Config directly with `defaultConfig()` and their own clock and folders.
 */
import path from 'node:path';

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
  jsonBodyLimit: 1024 * 1024,
  multipartBodyLimit: 6 * 1024 * 1024,
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
  /** Keep sessions and read answers until the next write (ADR 0009). READ_CACHE=off: never. */
  readCache: boolean;
}

export class ConfigError extends Error {}

const positiveInt = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} must be a positive whole number (got "${value}").`);
  return n;
};

const bool = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

export const loadConfig = (
  env: NodeJS.ProcessEnv = process.env,
): { config: Config; settings: ProcessSettings } => {
  const mode: Mode = env.NODE_ENV === 'production' ? 'production' : 'demo';
  const port = positiveInt('PORT', env.PORT, 3000);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535 (got ${port}).`);
  const settings: ProcessSettings = {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR?.trim() || 'data'),
    dataDirExplicit: Boolean(env.DATA_DIR?.trim()),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    readCache: !/^(0|false|no|off)$/i.test(env.READ_CACHE?.trim() ?? ''),
  };
  if (mode === 'production') {
    const missing: string[] = [];
    if (!settings.smtpUrl) missing.push('SMTP_URL (the mail server that sends sign-up codes)');
    if (!settings.databaseUrl && !settings.dataDirExplicit)
      missing.push('DATABASE_URL (PostgreSQL) or DATA_DIR (folder of the embedded database)');
    if (missing.length)
      throw new ConfigError(
        `NODE_ENV=production needs these settings, which are missing:\n  - ${missing.join('\n  - ')}`,
      );
  }
  const config = defaultConfig({
    mode,
    trustProxy: bool(env.TRUST_PROXY),
    distDir: path.resolve(env.DIST_DIR?.trim() || 'dist'),
    mailFrom: env.MAIL_FROM?.trim() || 'Events Back Office <no-reply@localhost>',
    sessionIdleMs: positiveInt('SESSION_IDLE_DAYS', env.SESSION_IDLE_DAYS, 7) * DAY,
    sessionAbsoluteMs: positiveInt('SESSION_ABSOLUTE_DAYS', env.SESSION_ABSOLUTE_DAYS, 30) * DAY,
  });
  return { config, settings };
};
