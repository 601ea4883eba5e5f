/**
 * The database schema (PostgreSQL semantics; the same migrations run on PGlite and PostgreSQL).
 * Every time column is written from the server's injectable clock (`config.now()`), never from the
 * database's `now()`, so that tests can move time and several processes agree.
 */
import {
  roles,
  rolePermissions,
  users,
  sessions,
  loginFailures,
  emailOtps,
  idempotencyKeys,
  passwordResets,
  invitations,
  totpFactors,
  recoveryCodes,
  signInChallenges,
  passkeys,
} from './accounts';
import { categories, countries, cities, locations } from './masters';
import { serviceProviders, providerDocuments, providerApprovals } from './providers';
import { events, eventSupervisors, eventSpecialists, eventHistory } from './events';
import { advertisements } from './advertisements';
import { bookings, bookingCounts, bookingHours, categoryDays, bookingHistory } from './bookings';
import { pages } from './pages';
import {
  notifications,
  userNotifications,
  pushSubscriptions,
  notificationPushes,
  notificationSettings,
} from './notifications';
import { files, fileChunks } from './files';
import { savedViews } from './views';
import { auditLog } from './audit';
import { liveChanges } from './live';
import { mails } from './mails';
import { guestMessages, eventReminders, guestLinks } from './messages';
import { staffDigests } from './digests';
import { userPreferences } from './preferences';

export * from './accounts';
export * from './masters';
export * from './providers';
export * from './events';
export * from './advertisements';
export * from './bookings';
export * from './pages';
export * from './notifications';
export * from './files';
export * from './views';
export * from './audit';
export * from './live';
export * from './jobs';
export * from './tickets';
export * from './door';
export * from './mails';
export * from './messages';
export * from './digests';
export * from './preferences';
export type { Loc } from './columns';

export const schema = {
  roles,
  rolePermissions,
  users,
  sessions,
  loginFailures,
  emailOtps,
  idempotencyKeys,
  passwordResets,
  invitations,
  totpFactors,
  recoveryCodes,
  signInChallenges,
  passkeys,
  categories,
  countries,
  cities,
  locations,
  serviceProviders,
  providerDocuments,
  providerApprovals,
  events,
  eventSupervisors,
  eventSpecialists,
  eventHistory,
  advertisements,
  bookings,
  bookingCounts,
  bookingHours,
  categoryDays,
  bookingHistory,
  pages,
  notifications,
  userNotifications,
  pushSubscriptions,
  notificationPushes,
  savedViews,
  notificationSettings,
  files,
  fileChunks,
  auditLog,
  liveChanges,
  mails,
  guestMessages,
  eventReminders,
  guestLinks,
  staffDigests,
  userPreferences,
};
