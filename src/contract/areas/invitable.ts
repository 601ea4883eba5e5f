import type { AnyEndpoint } from '../http';
import { invitationApi, invitationEndpoints } from '../invitations';
import { serviceProviderResource } from './serviceprovider';
import { supervisorResource } from './supervisor';
import { userResource } from './user';

/**
 * The areas whose accounts are invited (docs/decisions/0063-invitations.md), each with its resend
 * and revoke endpoints, open to whoever may add such an account (the create's access: staff with
 * the area's permission, a provider for its own supervisors).
 */
const invitable = <K extends string>(
  key: K,
  resource: { key: string; endpoints: { create: AnyEndpoint } },
  area: string,
) => {
  if (key !== resource.key) throw new Error(`${key} is not the key of resource ${resource.key}`);
  const { resend, revoke } = invitationEndpoints(key, area, resource.endpoints.create.access);
  return { [`${key}InvitationResend`]: resend, [`${key}InvitationRevoke`]: revoke } as {
    [P in `${K}InvitationResend`]: typeof resend;
  } & { [P in `${K}InvitationRevoke`]: typeof revoke };
};

export const invitableApi = {
  ...invitable('user', userResource, 'user'),
  ...invitable('supervisor', supervisorResource, 'supervisor'),
  ...invitable('serviceprovider', serviceProviderResource, 'service provider'),
  /** The invitee's page: who is invited, and setting the password. */
  ...invitationApi,
} as const;

/** The keys of the invitable areas. */
export const INVITABLE_KEYS = ['user', 'supervisor', 'serviceprovider'] as const;
export type InvitableKey = (typeof INVITABLE_KEYS)[number];
