/** The events calendar's colours, one per status, and their legend (docs/decisions/0070-the-events-calendar.md). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { EVENT_STATUSES, type EventStatus } from '@/contract';
import { EVENT_STATUS_TEXT } from './event-status';

/** Dark enough for white text (WCAG AA) in both themes. */
export const EVENT_STATUS_COLOR: Record<EventStatus, string> = {
  draft: '#475569',
  pending: '#b45309',
  approved: '#15803d',
  rejected: '#b91c1c',
  cancelled: '#881337',
  completed: '#4338ca',
};

export function StatusLegend() {
  const { i18n } = useLingui();
  return (
    <ul
      aria-label={i18n._(msg`Colours by status`)}
      className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
      data-testid="calendar-legend"
    >
      {EVENT_STATUSES.map((status) => (
        <li key={status} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-sm"
            style={{ backgroundColor: EVENT_STATUS_COLOR[status] }}
          />
          {i18n._(EVENT_STATUS_TEXT[status])}
        </li>
      ))}
    </ul>
  );
}
