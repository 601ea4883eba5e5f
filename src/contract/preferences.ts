/**
 * A user's own display preferences, kept on the server so that they follow the user to another
 * device (docs/decisions/0082-dense-width-aware-tables.md): the lists' row density.
 */
import { z } from 'zod';
import { LIST_DENSITIES } from './densities';
import { endpoint, ok } from './http';

export type { ListDensity } from './densities';

const tag = 'Session';
const access = { kind: 'session', permission: null } as const;

const preferences = z.object({ listDensity: z.enum(LIST_DENSITIES) });
export type Preferences = z.infer<typeof preferences>;

export const preferencesApi = {
  profilePreferences: endpoint({
    method: 'GET',
    path: '/api/profile/preferences',
    summary: 'The signed-in user’s own display preferences: the lists’ row density (compact until chosen).',
    tag,
    access,
    response: ok(preferences),
  }),
  profilePreferencesUpdate: endpoint({
    method: 'PUT',
    path: '/api/profile/preferences',
    summary:
      'Choose the signed-in user’s own display preferences ({ listDensity: compact | comfortable }); they follow the user to every device.',
    tag,
    access,
    body: z.strictObject({ listDensity: z.enum(LIST_DENSITIES) }),
    response: ok(preferences),
    idempotent: true,
  }),
} as const;
