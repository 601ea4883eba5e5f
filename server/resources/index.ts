import type { ResourceKey } from '../../src/contract/areas';
import type { App } from '../http/types';
import { categoryImpl } from './category';
import { cityImpl } from './city';
import { countryImpl } from './country';
import { locationImpl } from './location';
import { registerResources, type ResourceImpls } from './router';
import { serviceProviderImpl } from './serviceprovider';
import { supervisorImpl } from './supervisor';
import { userImpl } from './user';
import { advertisementImpl } from './advertisement';
import { bookingImpl } from './booking';
import { eventImpl } from './event';
import { pageImpl } from './page';
import { notificationImpl } from './notification';

/** The server implementation of every resource of the contract's registry, by key. */
export const resourceImpls = {
  category: categoryImpl,
  country: countryImpl,
  city: cityImpl,
  location: locationImpl,
  serviceprovider: serviceProviderImpl,
  supervisor: supervisorImpl,
  user: userImpl,
  event: eventImpl,
  advertisement: advertisementImpl,
  booking: bookingImpl,
  pages: pageImpl,
  notification: notificationImpl,
} satisfies Record<ResourceKey, ResourceImpls[string]>;

export const registerResourceRoutes = (app: App) => registerResources(app, resourceImpls);
