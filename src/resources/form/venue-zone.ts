/**
 * The clock of an event form's date-time fields: the chosen venue's time zone
 * (docs/decisions/0026-venue-time-zones-and-date-pickers.md). The venue's zone comes with the
 * location pickers' options (`timeZone`), or with the record for its own venue (an inactive venue
 * is not among the options); no venue chosen yet: the platform's zone. A date-time field of no venue
 * is a moment (a notification's send time): the viewer's clock
 * (docs/decisions/0031-venue-days-and-viewer-moments.md).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useWatch, type FieldValues } from 'react-hook-form';
import { locationResource, PLATFORM_TIME_ZONE } from '@/contract';
import { viewerTimeZone } from '@/lib/zoned';
import { pickerQueryOptions, type PickerOption } from '../queries';
import type { AreaField } from '../types';

type Fields = readonly AreaField[];

/** The location field a date-time field takes its zone from, and the city field it depends on. */
function venueFields(field: AreaField, fields: Fields) {
  if (field.kind !== 'datetime' || !field.venue) return null;
  const venue = fields.find((f) => f.name === field.venue);
  if (!venue) return null;
  return { venue: venue.name, parent: 'dependsOn' in venue ? venue.dependsOn : undefined };
}

/** The venue options of a city (all active venues when no city): the location picker's own query. */
const venueOptions = (parent: unknown) => {
  const cityId = Number(parent);
  return pickerQueryOptions(locationResource, Number.isInteger(cityId) && cityId > 0 ? { cityId } : {});
};

const zoneOf = (
  options: readonly PickerOption[] | undefined,
  venueId: unknown,
  record: Record<string, unknown> | undefined,
): string => {
  const chosen = venueId === undefined || venueId === null ? '' : String(venueId);
  if (!chosen) return PLATFORM_TIME_ZONE;
  if (record && String(record.locationId) === chosen && typeof record.timeZone === 'string')
    return record.timeZone;
  const option = options?.find((o) => String(o.id) === chosen);
  return typeof option?.timeZone === 'string' ? option.timeZone : PLATFORM_TIME_ZONE;
};

/** The zone of a date-time field for these form values (synchronous: from the cached options). */
export function fieldZone(
  queryClient: QueryClient,
  field: AreaField,
  fields: Fields,
  values: FieldValues,
  record: Record<string, unknown> | undefined,
): string {
  const names = venueFields(field, fields);
  if (!names) return viewerTimeZone();
  const options = queryClient.getQueryData(venueOptions(names.parent ? values[names.parent] : '').queryKey);
  return zoneOf(options, values[names.venue], record);
}

/** The zone of a date-time field as the form's values change (loads the venue options). */
export function useFieldZone(
  field: AreaField,
  fields: Fields,
  record: Record<string, unknown> | undefined,
): string {
  const names = venueFields(field, fields);
  const venueId = useWatch({ name: names?.venue ?? '__none__', disabled: !names }) as unknown;
  const parent = useWatch({ name: names?.parent ?? '__none__', disabled: !names?.parent }) as unknown;
  const chosen = Boolean(names) && venueId !== undefined && venueId !== null && venueId !== '';
  const query = useQuery({ ...venueOptions(parent), enabled: chosen });
  return names ? zoneOf(query.data, venueId, record) : viewerTimeZone();
}
