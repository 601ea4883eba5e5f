/**
 * The event's specialists (event-details.tsx): added, edited and removed here through
 * /api/event/specialist while the event may still change.
 */
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { eventResource, MAX_SPECIALISTS, type EventSpecialist } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { profileImageUrl } from '@/app/session';
import { ConfirmDialog } from '@/components/dialogs';
import { Button } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { localizedText } from '@/resources/cells';
import { cardClass } from '@/resources/DetailsPage';
import { invalidateResource } from '@/resources/queries';
import type { RenderContext } from '@/resources/types';
import { SpecialistDialog } from './event-specialist-dialog';

/** Removing a specialist: the one asked about, the request's state and its idempotency key. */
function useSpecialistRemoval() {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<EventSpecialist | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removeKey, setRemoveKey] = useState(newIdempotencyKey);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    setRemoveError(null);
    try {
      const answer = await call(routes.eventSpecialist, {
        body: { action: 'remove', id: removing.id },
        idempotencyKey: removeKey,
      });
      notify.success(answer.message);
      setRemoving(null);
      setRemoveKey(newIdempotencyKey());
      await invalidateResource(queryClient, eventResource);
    } catch (error) {
      setRemoveError(errorMessage(error));
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRemoveKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  };
  const ask = (specialist: EventSpecialist) => {
    setRemoveError(null);
    setRemoving(specialist);
  };
  return { removing, setRemoving, busy, removeError, remove, ask };
}

export function Specialists({
  eventId,
  specialists,
  editable,
  ctx,
}: {
  eventId: number;
  specialists: EventSpecialist[];
  editable: boolean;
  ctx: RenderContext;
}) {
  const { i18n, language } = ctx;
  const [editing, setEditing] = useState<EventSpecialist | 'new' | null>(null);
  const { removing, setRemoving, busy, removeError, remove, ask } = useSpecialistRemoval();
  return (
    <section className={cardClass} aria-labelledby="event-specialists-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="event-specialists-title" className="text-lg font-semibold">
          {i18n._(msg`Specialists`)}
        </h2>
        {editable && specialists.length < MAX_SPECIALISTS && (
          <Button variant="secondary" onClick={() => setEditing('new')} data-testid="add-specialist">
            <Plus aria-hidden="true" className="size-4" />
            {i18n._(msg`Add specialist`)}
          </Button>
        )}
      </div>
      {specialists.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No specialists yet.`)}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="event-specialists">
          {specialists.map((specialist) => (
            <SpecialistItem
              key={specialist.id}
              specialist={specialist}
              editable={editable}
              ctx={ctx}
              onEdit={() => setEditing(specialist)}
              onRemove={() => ask(specialist)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <SpecialistDialog
          eventId={eventId}
          specialist={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={i18n._(msg`Remove ${removing ? localizedText(removing.name, language) : ''}?`)}
        description={i18n._(msg`The specialist is no longer shown with the event.`)}
        confirmLabel={i18n._(msg`Remove`)}
        danger
        busy={busy}
        error={removeError}
        onConfirm={() => void remove()}
      />
    </section>
  );
}

function SpecialistItem({
  specialist,
  editable,
  ctx,
  onEdit,
  onRemove,
}: {
  specialist: EventSpecialist;
  editable: boolean;
  ctx: RenderContext;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { i18n, language } = ctx;
  const name = localizedText(specialist.name, language);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <img
        src={profileImageUrl(specialist.photo)}
        alt=""
        className="size-12 shrink-0 rounded-full object-cover"
        loading="lazy"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words">{name}</span>
        <span className="block text-sm text-slate-700 dark:text-slate-300">
          {localizedText(specialist.role, language)}
        </span>
      </span>
      {editable && (
        <span className="flex">
          <Button
            variant="ghost"
            className="min-h-10 px-2"
            aria-label={i18n._(msg`Edit ${name}`)}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            className="min-h-10 px-2 text-red-700 dark:text-red-400"
            aria-label={i18n._(msg`Remove ${name}`)}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </span>
      )}
    </li>
  );
}
