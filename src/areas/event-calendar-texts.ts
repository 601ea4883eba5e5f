/**
 * Every text FullCalendar shows or reads out, in the app's words and language (its own English
 * defaults and its Arabic locale's few texts are not used), for the events calendar
 * (docs/decisions/0070-the-events-calendar.md).
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

export const VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', agenda: 'listMonth' } as const;

export const calendarTexts = (i18n: I18n) => ({
  buttons: {
    today: { text: i18n._(msg`Today`), hint: i18n._(msg`Go to today`) },
    prev: { hint: i18n._(msg`Previous`) },
    next: { hint: i18n._(msg`Next`) },
    [VIEWS.month]: { text: i18n._(msg`Month`) },
    [VIEWS.week]: { text: i18n._(msg`Week`) },
    [VIEWS.agenda]: { text: i18n._(msg`Agenda`) },
  },
  // FullCalendar puts the view's name in place of $0.
  viewHint: i18n._(msg`$0 view`),
  viewChangeHint: i18n._(msg`Change view`),
  navLinkHint: i18n._(msg`Go to $0`),
  closeHint: i18n._(msg`Close`),
  eventsHint: i18n._(msg`Events`),
  noEventsText: i18n._(msg`No events on these days.`),
  moreLinkText: (n: number) => i18n._(msg`${plural(n, { one: '+# more', other: '+# more' })}`),
  moreLinkHint: (n: number) =>
    i18n._(msg`${plural(n, { one: 'Show # more event', other: 'Show # more events' })}`),
});
