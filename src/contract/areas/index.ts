import type { AnyEndpoint } from '../http';
import { routesOf, type Resource } from '../resource';
import { categoryApi, categoryResource } from './category';
import { cityApi, cityResource } from './city';
import { countryApi, countryResource } from './country';
import { locationApi, locationResource } from './location';
import { serviceProviderApi, serviceProviderResource } from './serviceprovider';
import { supervisorApi, supervisorResource } from './supervisor';
import { userResource, usersApi } from './user';
import { advertisementApi, advertisementResource } from './advertisement';
import { bookingApi, bookingResource } from './booking';
import { dashboardApi, searchApi } from './dashboard';
import { eventApi, eventResource } from './event';
import { pageApi, pageResource } from './page';
import { notificationApi, notificationResource } from './notification';
import { auditApi } from './audit';

export * from './master';
export * from './category';
export * from './country';
export * from './city';
export * from './location';
export * from './serviceprovider';
export * from './supervisor';
export * from './user';
export * from './values';
export * from './event';
export * from './advertisement';
export * from './booking';
export * from './page';
export * from './dashboard';
export * from './notification';
export * from './audit';

/**
 * Every resource (management area) of the API. The server routes them, the OpenAPI document lists
 * them, the registry-driven test suite walks them, and the app builds its generic pages from them.
 */
export const resources = [
  categoryResource,
  countryResource,
  cityResource,
  locationResource,
  serviceProviderResource,
  supervisorResource,
  userResource,
  eventResource,
  advertisementResource,
  bookingResource,
  pageResource,
  notificationResource,
] as const satisfies readonly Resource[];

export type ResourceKey = (typeof resources)[number]['key'];

/** The routed endpoints of the resources (shared /api/master/* paths merged by `type`). */
export const resourceRoutes = routesOf(resources);

export const resourceApi: Record<string, AnyEndpoint> = Object.fromEntries(
  resourceRoutes.map((r) => [r.name, r.endpoint]),
);

/** The areas' endpoints besides the resource operations. */
export const areaApi = {
  ...categoryApi,
  ...countryApi,
  ...cityApi,
  ...locationApi,
  ...serviceProviderApi,
  ...supervisorApi,
  ...usersApi,
  ...eventApi,
  ...advertisementApi,
  ...bookingApi,
  ...pageApi,
  ...dashboardApi,
  ...searchApi,
  ...notificationApi,
  ...auditApi,
} as const;
