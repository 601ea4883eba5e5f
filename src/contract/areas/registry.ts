import type { Resource } from '../resource';
import { advertisementResource } from './advertisement';
import { bookingResource } from './booking';
import { categoryResource } from './category';
import { cityResource } from './city';
import { countryResource } from './country';
import { eventResource } from './event';
import { locationResource } from './location';
import { notificationResource } from './notification';
import { pageResource } from './page';
import { serviceProviderResource } from './serviceprovider';
import { supervisorResource } from './supervisor';
import { userResource } from './user';

/**
 * Every resource (management area) of the API, in the order menus and filters list them. The server
 * routes them, the OpenAPI document lists them, the registry-driven test suite walks them, the audit
 * trail names them, and the app builds its generic pages from them.
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
