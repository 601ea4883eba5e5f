/**
 * The server's areas, one per key of the contract's registry: its resource (table, scope and query
 * config, served by the generic resource router) and the extra endpoints it adds. Adding an area:
 * docs/adding-an-area.md.
 */
import type { ResourceKey } from '../../src/contract/areas';
import { registerBulkRoutes, resumeBulkJobs } from '../http/bulk';
import { registerResources, type ResourceImpls } from '../http/resource-router';
import { bulkRowActions } from './bulk';
import type { App, Deps } from '../http/types';
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

type Area = {
  /** The resource's server side: table, scope, record mapping, query config. */
  resource: ResourceImpls[string];
  /** Endpoints besides the resource's list / get / save / delete / export / options. */
  routes?: (app: App) => void;
};

export const areas = {
  category: { resource: categoryImpl, routes: registerCategoryRoutes },
  country: { resource: countryImpl, routes: registerCountryRoutes },
  city: { resource: cityImpl, routes: registerCityRoutes },
  location: { resource: locationImpl, routes: registerLocationRoutes },
  serviceprovider: { resource: serviceProviderImpl, routes: registerServiceProviderRoutes },
  supervisor: { resource: supervisorImpl, routes: registerSupervisorRoutes },
  user: { resource: userImpl, routes: registerUserRoutes },
  event: { resource: eventImpl, routes: registerEventRoutes },
  advertisement: { resource: advertisementImpl, routes: registerAdvertisementRoutes },
  booking: { resource: bookingImpl, routes: registerBookingRoutes },
  page: { resource: pageImpl, routes: registerPageRoutes },
  notification: { resource: notificationImpl, routes: registerNotificationRoutes },
} satisfies Record<ResourceKey, Area>;

/**
 * Screens of their own, without a resource: the dashboards, the header search, the lists' saved views
 * (the audit trail, undo and bulk jobs put records back or change them through the areas: below).
 */
const screenRoutes = [registerDashboardRoutes, registerSearchRoutes, registerViewRoutes];

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
  registerUndoRoutes(app, impls);
  registerAuditRoutes(app, impls);
  registerResources(app, impls);
};

/** Goes on with the bulk jobs a stopped process left running (docs/decisions/0021-bulk-actions-and-list-keyboard.md). */
export const resumeBulk = (deps: Deps) => {
  const impls = implsOf();
  return resumeBulkJobs(deps, impls, bulkRowActions(impls));
};
