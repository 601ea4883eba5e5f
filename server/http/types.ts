import type { Hono } from 'hono';
import type { Language } from '../../src/contract/common';
import type { AnyEndpoint } from '../../src/contract/http';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import type { Mailer } from '../core/mail';
import type { PushConfig } from '../notifications/push';
import type { Storage } from '../files/storage';
import type { ReadCache } from './read-cache';
import type { Live } from '../live/streams';

/** What `createApp` needs: everything with state or side effects is injected. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  config: Config;
  storage: Storage;
  /** Web push (VAPID keys); absent: in-app notifications only. */
  push?: PushConfig;
  /** Answers and sessions kept until the next write (server/http/read-cache.ts, ADR 0009). */
  cache?: ReadCache;
  /** Live updates (server/live/): the hub and the open streams; absent: /api/live answers 503. */
  live?: Live;
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
