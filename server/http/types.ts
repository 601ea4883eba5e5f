import type { Hono } from 'hono';
import type { Language } from '../../src/contract/common';
import type { AnyEndpoint } from '../../src/contract/http';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import type { Mailer } from '../core/mailer';
import type { Storage } from '../files/storage';

/**
 * What `createApp` needs: everything with state or side effects is injected. The services of the
 * layers above http add themselves to it where they are defined (`declare module './types'`: web push
 * in server/notifications/push.ts, live updates in server/live/live.routes.ts), so that http names
 * nothing above it (docs/decisions/0050-the-crud-engine-in-server-resources.md).
 */
export interface Deps {
  db: Db;
  mailer: Mailer;
  config: Config;
  storage: Storage;
  /** Which database the process uses (for /api/ready). */
  databaseKind?: 'pglite' | 'postgres';
  /**
   * Set inside an idempotent write's transaction (server/http/idempotency.ts): work to do once it
   * has committed, given the database's own deps (pushes must not run on a closed transaction).
   */
  afterCommit?: (work: (deps: Deps) => Promise<void> | void) => void;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    lang: Language;
    /** The contract endpoint this request reached (set by server/http/route.ts). */
    endpoint?: AnyEndpoint;
  };
};
export type App = Hono<AppEnv>;
