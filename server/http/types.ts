import type { Hono } from 'hono';
import type { Language } from '../../src/contract/common';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail';
import type { PushConfig } from '../push';
import type { Storage } from '../storage';

/** What `createApp` needs: everything with state or side effects is injected. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  config: Config;
  storage: Storage;
  /** Web push (VAPID keys); absent: in-app notifications only. */
  push?: PushConfig;
}

export type AppEnv = { Variables: { deps: Deps; lang: Language } };
export type App = Hono<AppEnv>;
