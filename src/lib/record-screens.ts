/**
 * The read view of one record of each area, by the area's key.
 * The areas' paths, the header search and the Activity screen's links all take them from here.
 */
export const RECORD_SCREENS = {
  event: (id: number) => `/event/details/${id}`,
  booking: (id: number) => `/booking-details?id=${id}`,
  serviceprovider: (id: number) => `/serviceprovider-details/${id}`,
  user: (id: number) => `/user-details?id=${id}`,
  advertisement: (id: number) => `/advertisement/details/${id}`,
  notification: (id: number) => `/notification/details/${id}`,
  supervisor: (id: number) => `/supervisor/details/${id}`,
  category: (id: number) => `/category/details/${id}`,
  country: (id: number) => `/country/details/${id}`,
  city: (id: number) => `/city/details/${id}`,
  location: (id: number) => `/location/details/${id}`,
  page: (id: number) => `/pages/details/${id}`,
} as const satisfies Record<string, (id: number) => string>;

/** The screen of record `id` of the area `key`, if the area has one per record. */
export const recordScreen = (key: string, id: number): string | null =>
  key in RECORD_SCREENS ? RECORD_SCREENS[key as keyof typeof RECORD_SCREENS](id) : null;
