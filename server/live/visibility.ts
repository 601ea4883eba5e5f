/**
 * Who may see a change on the live stream: the rules of the lists (docs/security.md,
 * "Authorization"). The user needs the list's access (its permission, or owner access for a
 * service provider), and a caller limited to one provider (a service provider, a supervisor on a
 * provider-scoped area) sees that provider's records only. `inbox` changes go to their recipient.
 */
import { resources } from '../../src/contract/areas';
import type { Resource } from '../../src/contract/resource';
import type { AuthInfo } from '../auth/sessions';
import { providerScopeOf } from '../resources/impl';
import { allows } from '../http/route-access';

const byKey = new Map<string, Resource>(resources.map((r) => [r.key, r as Resource]));

/**
 * An event's door (its id, its provider as owner): whoever may stand at doors and reach that
 * provider's events; a door account of a provider hears of its provider's doors (it refetches only
 * its own), staff's own door account (no provider) of every door, as staff do.
 */
const canSeeDoor = (auth: AuthInfo, ownerId: number | null) => {
  if (!auth.permissions.includes('checkin')) return false;
  const scope = auth.permissions.includes('event')
    ? providerScopeOf(auth, 'event', true)
    : auth.user.providerId;
  return scope === null || ownerId === scope;
};

export const canSee = (auth: AuthInfo, resource: string, ownerId: number | null): boolean => {
  if (resource === 'inbox') return ownerId === auth.user.id;
  if (resource === 'door') return canSeeDoor(auth, ownerId);
  const r = byKey.get(resource);
  if (!r) return false;
  const access = r.endpoints.list.access;
  if (!allows(access, auth, access.kind === 'session' ? access.permission : null)) return false;
  const scope = providerScopeOf(auth, r.permission, r.providerScoped);
  return scope === null || ownerId === scope;
};
