/**
 * A drag or a resize on the events calendar is the event form's save (docs/decisions/0070-the-events-calendar.md):
 * the record's own values with the new times, the question the form asks when guests would be told
 * (`eventSaveQuestion`, in the form's dialog), the same update with the version the calendar showed,
 * so the server runs every rule of the form. A refusal puts the event back and says why.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { eventResource, type CalendarEvent, type Resource } from '@/contract';
import { notify } from '@/app/notify';
import { newIdempotencyKey } from '@/lib/api';
import { fromZonedInput } from '@/lib/zoned';
import { keptValues } from '@/resources/form/form-values';
import { SaveQuestionDialog } from '@/resources/form/SaveQuestionDialog';
import { detailQueryOptions, useUpdateRecord } from '@/resources/queries';
import type { SaveQuestion } from '@/resources/types';
import { localizedText } from '@/resources/cells';
import { eventSaveQuestion } from './event-save';
import type { Event } from './event';

const resource = eventResource as unknown as Resource;

/** A calendar time (the venue's wall clock shown as UTC, see event-calendar.tsx) → an instant on the venue's clock. */
const fromWall = (wall: Date, timeZone: string) => fromZonedInput(wall.toISOString().slice(0, 16), timeZone);

interface Move {
  item: CalendarEvent;
  start: Date;
  end: Date;
  /** Puts the event back where it was. */
  revert: () => void;
}

interface Asked {
  move: Move;
  values: Record<string, unknown>;
  question: SaveQuestion;
}

export function useEventMove() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const update = useUpdateRecord<Event>(resource);
  const [asked, setAsked] = useState<Asked | null>(null);

  const save = async ({ item, revert }: Move, values: Record<string, unknown>) => {
    try {
      await update.mutateAsync({
        values,
        id: item.id,
        version: item.version,
        idempotencyKey: newIdempotencyKey(),
      });
      notify.success(i18n._(msg`${localizedText(item.title, i18n.locale === 'ar' ? 'ar' : 'en')} moved.`));
    } catch (error) {
      refused(revert, error);
    }
  };
  /** Back where it was, why, and the calendar as it is now (another may have changed the event). */
  const refused = (revert: () => void, error: unknown) => {
    revert();
    notify.error(error);
    void queryClient.invalidateQueries({ queryKey: ['event', 'list', 'calendar'] });
  };

  const move = async (m: Move) => {
    try {
      // The record as it is now, for what the calendar does not hold; the version is the one shown.
      const record = await queryClient.fetchQuery({
        ...detailQueryOptions<Event>(resource, m.item.id),
        staleTime: 0,
      });
      const values = {
        ...keptValues(eventResource.input, [], record),
        startsAt: fromWall(m.start, m.item.timeZone),
        endsAt: fromWall(m.end, m.item.timeZone),
      };
      const question = await eventSaveQuestion(record, values, i18n);
      if (question) setAsked({ move: m, values, question });
      else await save(m, values);
    } catch (error) {
      refused(m.revert, error);
    }
  };

  const dialog = asked && (
    <SaveQuestionDialog
      question={asked.question}
      title={i18n._(msg`Move event`)}
      onAnswer={async (go, optedOut) => {
        const pending = asked;
        setAsked(null);
        if (!go) return pending.move.revert();
        await save(
          pending.move,
          optedOut ? { ...pending.values, ...pending.question.optOut?.values } : pending.values,
        );
      }}
    />
  );
  return { move, dialog };
}
