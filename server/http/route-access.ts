/** Who may call an endpoint (server/http/route.ts): deny by default, and a discriminator's permission. */
import type { Context } from 'hono';
import { OWNER_ROLE, type AnyEndpoint } from '../../src/contract/http';
import { authenticate, type AuthInfo } from '../auth/sessions';
import { forbidden } from '../core/errors';
import type { AppEnv } from './types';

/** The permission needed for this request, when it depends on a discriminator value. */
const discriminatedPermission = (access: AnyEndpoint['access'], query: unknown, body: unknown) => {
  if (access.kind !== 'session' || !access.permissionBy) return null;
  const { field, in: where, permissions } = access.permissionBy;
  const source = (where === 'query' ? query : body) as Record<string, unknown> | null | undefined;
  const value = source && typeof source === 'object' ? source[field] : undefined;
  return typeof value === 'string' && Object.hasOwn(permissions, value) ? permissions[value]! : null;
};

/** Does this session pass `access` (before any discriminator)? */
export const allows = (access: AnyEndpoint['access'], auth: AuthInfo, permission: string | null) =>
  (access.kind !== 'session' || !access.roles || access.roles.includes(auth.user.role)) &&
  (permission === null ||
    auth.permissions.includes(permission) ||
    (access.kind === 'session' && access.owner === true && auth.user.role === OWNER_ROLE));

/** May this session call an endpoint of this access (its own permission; no discriminator)? */
export const mayCall = (access: AnyEndpoint['access'], auth: AuthInfo) =>
  access.kind === 'public' || allows(access, auth, access.permission);

/** 1. Who is calling (deny by default): the session and its permission, for signed-in endpoints. */
export const whoIsCalling = async (c: Context<AppEnv>, access: AnyEndpoint['access']) => {
  if (access.kind !== 'session') return null;
  const deps = c.get('deps');
  const auth = await authenticate(deps.db, deps.config, c.req.header('authorization'));
  if (!allows(access, auth, access.permission)) throw forbidden();
  return auth;
};

/** The permission a discriminator value (`type`) asks for, checked where it is sent. */
export const checkDiscriminator = (
  access: AnyEndpoint['access'],
  auth: AuthInfo | null,
  where: 'query' | 'body',
  value: unknown,
) => {
  if (!auth || access.kind !== 'session' || access.permissionBy?.in !== where) return;
  const needed =
    where === 'query'
      ? discriminatedPermission(access, value, undefined)
      : discriminatedPermission(access, undefined, value);
  if (needed && !allows(access, auth, needed)) throw forbidden();
};
