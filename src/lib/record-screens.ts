/**
 * The screen of one record of each area, by the area's key: its read view, or its form where the
 * area has none (the masters, supervisors). The areas' paths, the header search and the Activity
 * screen's links all take them from here.
 */
export const RECORD_SCREENS = {
  event: (id: number) => `/event/details/${id}`,
  booking: (id: number) => `/booking-details?id=${id}`,
  serviceprovider: (id: number) => `/serviceprovider-details/${id}`,
  user: (id: number) => `/user-details?id=${id}`,
  advertisement: (id: number) => `/advertisement/details/${id}`,
  notification: (id: number) => `/notification/details/${id}`,
  supervisor: (id: number) => `/supervisor/add/${id}`,
  category: (id: number) => `/category/add/${id}`,
  country: (id: number) => `/country/add/${id}`,
  city: (id: number) => `/city/add/${id}`,
  location: (id: number) => `/location/add/${id}`,
} as const satisfies Record<string, (id: number) => string>;

/** The screen of record `id` of the area `key`, if the area has one per record. */
export const recordScreen = (key: string, id: number): string | null =>
  key in RECORD_SCREENS ? RECORD_SCREENS[key as keyof typeof RECORD_SCREENS](id) : null;
