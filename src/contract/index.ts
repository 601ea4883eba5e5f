export * from './http';
export * from './common';
export * from './roles';
export * from './auth';
export * from './two-factor';
export * from './messages';
export * from './resource';
export * from './areas';
export * from './limits';
export * from './views';
export * from './live';
export * from './bulk';
export * from './undo';
export * from './import';
export * from './door';
export * from './door-sales';
export * from './door-events';
export * from './door-accounts';
export * from './passkeys';
export * from './password-reset';
export * from './invitations';
export * from './digests';
export * from './preferences';

import { authApi } from './auth';
import { twoFactorApi } from './two-factor';
import { areaApi, resourceApi } from './areas';
import { liveApi } from './live';
import { bulkApi } from './bulk';
import type { AnyEndpoint } from './http';
import { viewsApi } from './views';
import { undoApi } from './undo';
import { importApi } from './import';
import { doorApi } from './door';
import { doorSalesApi } from './door-sales';
import { doorEventsApi } from './door-events';
import { doorAccountsApi } from './door-accounts';
import { passkeyApi } from './passkeys';
import { passwordResetApi } from './password-reset';
import { digestApi } from './digests';
import { preferencesApi } from './preferences';

/** Every endpoint of the API, by name. The server refuses to start if one has no route. */
export const api = {
  ...authApi,
  ...twoFactorApi,
  ...areaApi,
  ...resourceApi,
  ...viewsApi,
  ...liveApi,
  ...bulkApi,
  ...undoApi,
  ...importApi,
  ...doorApi,
  ...doorSalesApi,
  ...doorEventsApi,
  ...doorAccountsApi,
  ...passkeyApi,
  ...passwordResetApi,
  ...digestApi,
  ...preferencesApi,
} as const satisfies Record<string, AnyEndpoint>;
export type Api = typeof api;
