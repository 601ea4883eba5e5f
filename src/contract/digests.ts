/**
 * Staff digests (docs/decisions/0072-staff-digests.md): a staff member (admin, manager, service
 * provider) opts in, in My Profile, to a morning mail on their own clock that says what waits for
 * them: approvals, tomorrow's events, yesterday's sales, scoped as their dashboard is. Door accounts
 * get none.
 */
import { z } from 'zod';
import { endpoint, ok } from './http';
import { timeZoneName } from './areas/values';

/** The hour of the morning, on the staff member's clock, at which the digest is queued. */
export const DIGEST_HOUR = 7;
/** The roles that may have a digest. */
export const DIGEST_ROLES = ['admin', 'manager', 'serviceprovider'] as const;

const tag = 'Session';
const access = { kind: 'session', permission: null, roles: DIGEST_ROLES } as const;

const digestSettings = z.object({
  enabled: z.boolean(),
  /** The IANA zone whose morning the digest follows. */
  timeZone: z.string(),
  /** When the next one is due (null while switched off). */
  nextAt: z.string().nullable(),
});
export type DigestSettings = z.infer<typeof digestSettings>;

export const digestApi = {
  profileDigest: endpoint({
    method: 'GET',
    path: '/api/profile/digest',
    summary:
      'The signed-in staff member’s morning digest: whether it is on, the time zone whose morning it follows (the platform’s until chosen) and when the next one is due.',
    tag,
    access,
    response: ok(digestSettings),
  }),
  profileDigestUpdate: endpoint({
    method: 'PUT',
    path: '/api/profile/digest',
    summary:
      'Switch the morning digest on or off ({ enabled, timeZone? }): it comes at 07:00 on that zone’s clock, once a day, in the account’s language.',
    tag,
    access,
    body: z.strictObject({ enabled: z.boolean(), timeZone: timeZoneName.optional() }),
    response: ok(digestSettings),
    idempotent: true,
  }),
} as const;
