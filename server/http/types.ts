import type { Hono } from 'hono';
import type { Language } from '../../src/contract/common';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail';
import type { PushConfig } from '../push';
import type { Storage } from '../storage';
import type { ReadCache } from './read-cache';

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
}

export type AppEnv = { Variables: { deps: Deps; lang: Language } };
export type App = Hono<AppEnv>;
