/**
 * What an event's edit asks before it is saved: new times or a new venue are mailed to its guests
 * (docs/product.md, "What guests are told"), so the form says how many, and offers not to tell
 * them for a correction (the server records that choice).
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { changeTellsGuests } from '@/contract/areas/event-guests';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import type { SaveQuestion } from '@/resources/types';

interface Placed {
  id: number;
  startsAt: string;
  endsAt: string;
  locationId: number;
}

export const eventSaveQuestion = async (
  record: Placed,
  values: Record<string, unknown>,
  i18n: I18n,
): Promise<SaveQuestion | null> => {
  if (!changeTellsGuests(record, values as unknown as Placed)) return null;
  const { data } = await call(routes.eventGuestsToTell, { params: { id: record.id } });
  const guests = data.guests;
  if (guests === 0) return null;
  return {
    text: i18n._(
      msg`${plural(guests, { one: '# guest will be told by mail of the new time or venue.', other: '# guests will be told by mail of the new time or venue.' })}`,
    ),
    optOut: { label: i18n._(msg`Don’t tell guests (a correction)`), values: { notifyGuests: false } },
  };
};
