/**
 * The server's areas, one per key of the contract's registry: its resource (table, scope and query
 * config, served by the generic resource router) and the extra endpoints it adds. Adding an area:
 * docs/adding-an-area.md.
 */
import type { ResourceKey } from '../../src/contract/areas';
import { registerBulkRoutes } from '../resources/bulk';
import { resumeBulkJobs } from '../resources/bulk-jobs';
import { registerImportRoutes } from '../resources/import';
import type { ResourceImpls } from '../resources/impl';
import { registerResources } from '../resources/resource-router';
import { bulkRowActions } from './bulk';
import type { App, Deps } from '../http/types';
import type { Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RowTriggers } from '../db/row-triggers';
import {
  admissions,
  advertisements,
  bookings,
  categories,
  cities,
  countries,
  events,
  eventSpecialists,
  eventSupervisors,
  locations,
  notifications,
  pages,
  providerDocuments,
  serviceProviders,
  userNotifications,
  users,
} from '../db/schema';
import { advertisementImpl } from './advertisement';
import { registerAdvertisementRoutes } from './advertisement.routes';
import { bookingImpl } from './booking';
import { registerBookingRoutes } from './booking.routes';
import { categoryImpl } from './category';
import { registerCategoryRoutes } from './category.routes';
import { cityImpl } from './city';
import { registerCityRoutes } from './city.routes';
import { countryImpl } from './country';
import { registerCountryRoutes } from './country.routes';
import { registerAuditRoutes } from './audit.routes';
import { registerDashboardRoutes } from './dashboard.routes';
import { eventImpl } from './event';
import { registerEventRoutes } from './event.routes';
import { locationImpl } from './location';
import { registerLocationRoutes } from './location.routes';
import { notificationImpl } from './notification';
import { registerNotificationRoutes } from './notification.routes';
import { pageImpl } from './page';
import { registerPageRoutes } from './page.routes';
import { registerSearchRoutes } from './search.routes';
import { serviceProviderImpl } from './serviceprovider';
import { registerServiceProviderRoutes } from './serviceprovider.routes';
import { supervisorImpl } from './supervisor';
import { registerSupervisorRoutes } from './supervisor.routes';
import { userImpl } from './user';
import { registerViewRoutes } from './view.routes';
import { registerUserRoutes } from './user.routes';
import { registerUndoRoutes } from './undo.routes';
import { registerDoorRoutes } from './door.routes';
import { registerDoorSalesRoutes } from './door-sales.routes';
import { registerDoorAccountRoutes } from './door-accounts.routes';
import { registerEventCalendar } from './event.calendar';
import { registerEventMessageRoutes } from './event.messages';

type Area = {
  /** The resource's server side: table, scope, record mapping, query config. */
  resource: ResourceImpls[string];
  /** Endpoints besides the resource's list / get / save / delete / export / options. */
  routes?: (app: App) => void;
  /**
   * The tables the area owns, with what their row triggers record (server/db/row-triggers.ts): the
   * audit trail's entries and the live changes. An area on another area's table (supervisors are
   * users) names none.
   */
  tables?: readonly AreaTable[];
};

/**
 * A table's triggers, their resource the area's key unless named; a live change names its record by
 * the audit trail's key column when the table is audited.
 */
type AreaTable = {
  table: PgTable;
  audit?: Omit<NonNullable<RowTriggers['audit']>, 'resource'>;
  live?: { resource?: string; key?: Column; owner?: Column } | 'user';
};

/** A master's table: audited with the provider who added it, a change heard by everyone. */
const master = (table: PgTable & { id: Column; createdBy: Column }): AreaTable => ({
  table,
  audit: { key: table.id, provider: table.createdBy },
  live: {},
});

export const areas = {
  category: { resource: categoryImpl, routes: registerCategoryRoutes, tables: [master(categories)] },
  country: { resource: countryImpl, routes: registerCountryRoutes, tables: [master(countries)] },
  city: { resource: cityImpl, routes: registerCityRoutes, tables: [master(cities)] },
  location: { resource: locationImpl, routes: registerLocationRoutes, tables: [master(locations)] },
  serviceprovider: {
    resource: serviceProviderImpl,
    routes: registerServiceProviderRoutes,
    tables: [
      {
        table: serviceProviders,
        audit: { key: serviceProviders.userId, provider: serviceProviders.userId },
        live: { owner: serviceProviders.userId },
      },
      {
        table: providerDocuments,
        audit: { key: providerDocuments.providerId, provider: providerDocuments.providerId },
      },
    ],
  },
  supervisor: { resource: supervisorImpl, routes: registerSupervisorRoutes },
  user: {
    resource: userImpl,
    routes: registerUserRoutes,
    // A user row is also a supervisor or a service provider: the triggers' functions tell which.
    tables: [{ table: users, audit: { key: users.id, provider: users.providerId }, live: 'user' }],
  },
  event: {
    resource: eventImpl,
    routes: registerEventRoutes,
    tables: [
      {
        table: events,
        audit: { key: events.id, provider: events.providerId, event: events.id },
        live: { owner: events.providerId },
      },
      // Its specialists and supervisors: entries of the event.
      ...[eventSpecialists, eventSupervisors].map((table) => ({
        table,
        audit: { key: table.eventId, event: table.eventId },
      })),
    ],
  },
  advertisement: {
    resource: advertisementImpl,
    routes: registerAdvertisementRoutes,
    tables: [
      {
        table: advertisements,
        audit: { key: advertisements.id, provider: advertisements.providerId, event: advertisements.eventId },
        live: { owner: advertisements.providerId },
      },
    ],
  },
  booking: {
    resource: bookingImpl,
    routes: registerBookingRoutes,
    tables: [
      {
        table: bookings,
        audit: { key: bookings.id, provider: bookings.providerId, event: bookings.eventId },
        live: { owner: bookings.providerId },
      },
    ],
  },
  page: {
    resource: pageImpl,
    routes: registerPageRoutes,
    tables: [{ table: pages, audit: { key: pages.id }, live: {} }],
  },
  notification: {
    resource: notificationImpl,
    routes: registerNotificationRoutes,
    tables: [
      {
        table: notifications,
        audit: { key: notifications.id, provider: notifications.providerId },
        live: { owner: notifications.providerId },
      },
      // Each user's inbox: live, for its user alone.
      { table: userNotifications, live: { resource: 'inbox', owner: userNotifications.userId } },
    ],
  },
} satisfies Record<ResourceKey, Area>;

/** Every area's tables with what their row triggers record, for `installRowTriggers` after the migrations. */
export const areaTables = (): RowTriggers[] => [
  ...Object.entries(areas as Record<ResourceKey, Area>).flatMap(([resource, area]) =>
    (area.tables ?? []).map(({ table, audit, live }) => ({
      table,
      ...(audit && { audit: { resource, ...audit } }),
      ...(live && { live: live === 'user' ? live : { resource, key: audit?.key, ...live } }),
    })),
  ),
  ...screenTables,
];

/**
 * The screens' own tables: an admission at the door is a live change of the event's door (`door`,
 * the event's id), heard by the other devices at it (server/live/visibility.ts).
 */
const screenTables: RowTriggers[] = [
  { table: admissions, live: { resource: 'door', key: admissions.eventId, owner: admissions.providerId } },
];

/**
 * Screens of their own, without a resource: the dashboards, the header search, the lists' saved views,
 * the events calendar (the audit trail, undo and bulk jobs put records back or change them through the areas: below).
 */
const screenRoutes = [
  registerDashboardRoutes,
  registerSearchRoutes,
  registerViewRoutes,
  registerDoorRoutes,
  registerDoorSalesRoutes,
  registerDoorAccountRoutes,
  registerEventCalendar,
  registerEventMessageRoutes,
];

/**
 * Registers every area's endpoints: the extra ones first, as their fixed paths must come before the
 * resources' `/:id` paths (Hono tries routes in registration order), then the resources.
 */
const implsOf = (): ResourceImpls => {
  const impls: ResourceImpls = {};
  for (const [key, area] of Object.entries(areas as Record<string, Area>)) impls[key] = area.resource;
  return impls;
};

export const registerAreas = (app: App) => {
  const all: Record<string, Area> = areas;
  for (const area of Object.values(all)) area.routes?.(app);
  for (const register of screenRoutes) register(app);
  const impls = implsOf();
  registerBulkRoutes(app, impls, bulkRowActions(impls));
  registerImportRoutes(app, impls, bulkRowActions(impls));
  registerUndoRoutes(app, impls);
  registerAuditRoutes(app, impls);
  registerResources(app, impls);
};

/** Goes on with the bulk jobs a stopped process left running (docs/decisions/0021-bulk-actions-and-list-keyboard.md). */
export const resumeBulk = (deps: Deps) => {
  const impls = implsOf();
  return resumeBulkJobs(deps, impls, bulkRowActions(impls));
};
