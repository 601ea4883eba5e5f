import type { AnyEndpoint } from '../http';
import { routesOf } from '../resource';
import { resources } from './registry';
import { categoryApi } from './category';
import { cityApi } from './city';
import { countryApi } from './country';
import { locationApi } from './location';
import { serviceProviderApi } from './serviceprovider';
import { supervisorApi } from './supervisor';
import { usersApi } from './user';
import { advertisementApi } from './advertisement';
import { bookingApi } from './booking';
import { dashboardApi, searchApi } from './dashboard';
import { eventApi } from './event';
import { eventCalendarApi } from './event-calendar';
import { eventMessagesApi } from './event-messages';
import { pageApi } from './page';
import { notificationApi } from './notification';
import { auditApi } from './audit';
import { invitableApi } from './invitable';

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
export * from './event-calendar';
export * from './event-messages';
export * from './advertisement';
export * from './booking';
export * from './page';
export * from './dashboard';
export * from './notification';
export * from './audit';
export * from './registry';
export * from './invitable';

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
  ...eventCalendarApi,
  ...eventMessagesApi,
  ...advertisementApi,
  ...bookingApi,
  ...pageApi,
  ...dashboardApi,
  ...searchApi,
  ...notificationApi,
  ...auditApi,
  ...invitableApi,
} as const;
