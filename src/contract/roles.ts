import { z } from 'zod';
import { PERMISSIONS, ROLES, type Permission, type Role } from './plain';

export { ROLES, type Permission, type Role } from './plain';
export const role = z.enum(ROLES);

/**
 * Account status codes. Self-registered service providers start at "0" (docs/product.md §3, §4).
 */
export const USER_STATUS = { pending: '0', active: '1', rejected: '2', blocked: '3' } as const;
export const userStatus = z.enum(['0', '1', '2', '3']);
export type UserStatus = z.infer<typeof userStatus>;

export const permission = z.enum(PERMISSIONS);

/** The role table of docs/product.md §6, used to seed the database. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [
    'dashboard',
    'service_provider',
    'configuration',
    'location',
    'serviceprovider',
    'event_manager',
    'event',
    'country',
    'advertisement',
    'advertisement_manager',
    'supervisor',
    'user_manager',
    'usermanager',
    'category',
    'city',
    'notification',
    'booking',
    'page_manager',
    'pages',
    'checkin',
  ],
  manager: [
    'dashboard',
    'event_manager',
    'event',
    'advertisement',
    'advertisement_manager',
    'booking',
    'checkin',
  ],
  serviceprovider: [
    'dashboard',
    'configuration',
    'location',
    'event_manager',
    'event',
    'country',
    'advertisement',
    'advertisement_manager',
    'category',
    'city',
    'notification',
    'booking',
    'checkin',
  ],
  door: ['checkin'],
};
