/**
 * /event/details/{id} (docs/product.md §2, `/api/event/get-details/{id}`): the event's information, gallery
 * (cover first), specialists (added, edited and removed here through /api/event/specialist),
 * supervisors, bookings summary and status history, with the moves the event allows now.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import {
  api,
  BOOKING_STATUSES,
  eventResource,
  MAX_SPECIALISTS,
  specialistInput,
  type EventSpecialist,
  type EventStatus,
  type Language,
  type UserStatus,
} from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { profileImageUrl } from '@/app/session';
import { AppLink } from '@/components/AppLink';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { Alert, Button } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { localizedText, Ltr, StatusBadge, venueTime } from '@/resources/cells';
import {
  cardClass,
  DefinitionList,
  DetailsSkeleton,
  RecordLoadError,
  RecordView,
} from '@/resources/DetailsPage';
import { NotSavedHere, useNotSavedHere } from '@/resources/NotSavedHere';
import { ConfirmDialog, contentClass, overlayClass } from '@/components/dialogs';
import { FormField } from '@/resources/fields';
import { errorTarget, formErrorMap, initialValues, normalizeValues } from '@/resources/FormPage';
import { HistorySection } from '@/resources/History';
import { parseId } from '@/resources/screens';
import { failedToLoad, invalidateResource } from '@/resources/queries';
import type { AreaField, DetailItem, RenderContext } from '@/resources/types';
import { BOOKING_STATUS_TEXT, money } from './booking-status';
import { eventArea, EventStatusBadge, type Event } from './event';

/** Under the resource's key, so that every event write refreshes it. */
const eventDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['event', 'details', id] as const,
    queryFn: async ({ signal }) => (await call(routes.eventDetails, { params: { id }, signal })).data,
  });

const INFO: DetailItem<Event>[] = [
  {
    label: msg`Status`,
    value: (row, ctx) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <EventStatusBadge status={row.status} ctx={ctx} />
        {row.featured && (
          <span className="inline-flex items-center gap-1 text-sm">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            {ctx.i18n._(msg`Featured`)}
          </span>
        )}
      </span>
    ),
  },
  {
    label: msg`Service provider`,
    value: (row, ctx) => (
      <AppLink
        to={`/serviceprovider-details/${row.providerId}`}
        className="text-indigo-700 underline dark:text-indigo-300"
      >
        {localizedText(row.providerName, ctx.language)}
      </AppLink>
    ),
  },
  { label: msg`Category`, value: (row, ctx) => localizedText(row.categoryName, ctx.language) },
  {
    label: msg`Location`,
    value: (row, ctx) =>
      [row.locationName, row.cityName, row.countryName]
        .map((name) => localizedText(name, ctx.language))
        .filter(Boolean)
        .join(ctx.i18n._(msg`, `)),
  },
  { label: msg`Starts`, value: (row, ctx) => venueTime(row.startsAt, row.timeZone, ctx) },
  { label: msg`Ends`, value: (row, ctx) => venueTime(row.endsAt, row.timeZone, ctx) },
  {
    label: msg`Ticket price`,
    value: (row, ctx) => (row.price === 0 ? ctx.i18n._(msg`Free`) : money(row.price, ctx)),
  },
  { label: msg`Capacity`, value: (row, ctx) => ctx.i18n.number(row.capacity) },
  {
    label: msg`Description`,
    value: (row, ctx) => (
      <p className="whitespace-pre-line">{localizedText(row.description, ctx.language)}</p>
    ),
  },
];

export function Details() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const params = useParams({ strict: false }) as { id?: string };
  const id = parseId(params.id);
  const details = useQuery({ ...eventDetailsQuery(id ?? 0), enabled: id !== null });
  const notSaved = useNotSavedHere(details);
  if (id === null) return <NotFoundPage />;
  if (notSaved) return <NotSavedHere onRetry={() => void details.refetch()} />;
  if (details.isPending) return <DetailsSkeleton />;
  if (failedToLoad(details) || details.data === undefined)
    return <RecordLoadError error={details.error} retry={() => void details.refetch()} />;
  const { event, gallery, specialists, supervisors, bookings, history, allowedTransitions } = details.data;
  const ctx: RenderContext = { i18n, language };
  const editable = allowedTransitions.length > 0 || !['cancelled', 'completed'].includes(event.status);
  return (
    <RecordView area={eventArea} row={event} updatedAt={details.dataUpdatedAt}>
      {event.statusReason && (event.status === 'rejected' || event.status === 'cancelled') && (
        <Alert kind="error">
          <p data-testid="event-reason">
            {event.status === 'rejected'
              ? i18n._(msg`Rejected: ${event.statusReason}`)
              : i18n._(msg`Cancelled: ${event.statusReason}`)}
          </p>
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <section className={cardClass} aria-labelledby="event-info-title">
          <h2 id="event-info-title" className="mb-4 text-lg font-semibold">
            {i18n._(msg`Event`)}
          </h2>
          <DefinitionList items={INFO} row={event} ctx={ctx} />
        </section>
        <section className={cardClass} aria-labelledby="event-bookings-title" data-testid="event-bookings">
          <h2 id="event-bookings-title" className="mb-4 text-lg font-semibold">
            {i18n._(msg`Bookings`)}
          </h2>
          <dl className="grid grid-cols-2 gap-3">
            {(
              [
                [msg`Bookings`, i18n.number(bookings.total)],
                [msg`Tickets sold`, i18n.number(bookings.soldTickets)],
                [msg`Seats left`, i18n.number(bookings.remaining)],
                [msg`Revenue (paid)`, money(bookings.revenue, ctx)],
              ] as const
            ).map(([label, value], index) => (
              <div key={index} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
                <dt className="text-sm text-slate-700 dark:text-slate-300">{i18n._(label)}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-4 space-y-1 text-sm">
            {BOOKING_STATUSES.filter((status) => bookings.byStatus[status]).map((status) => (
              <li key={status} className="flex justify-between gap-2">
                <span>{i18n._(BOOKING_STATUS_TEXT[status])}</span>
                <span>
                  {i18n._(
                    msg`${i18n.number(bookings.byStatus[status]?.count ?? 0)} bookings, ${i18n.number(bookings.byStatus[status]?.tickets ?? 0)} tickets`,
                  )}
                </span>
              </li>
            ))}
          </ul>
          {bookings.total > 0 && (
            <AppLink
              to={`/booking?eventId=${event.id}`}
              className="mt-4 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
            >
              {i18n._(msg`See the bookings of this event`)}
            </AppLink>
          )}
        </section>
      </div>

      <section className={cardClass} aria-labelledby="event-gallery-title">
        <h2 id="event-gallery-title" className="mb-4 text-lg font-semibold">
          {i18n._(msg`Gallery`)}
        </h2>
        {gallery.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No images yet.`)}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="event-gallery">
            {gallery.map((image, index) => (
              <li key={image.path} className="relative">
                <img
                  src={profileImageUrl(image.path)}
                  alt={
                    image.cover
                      ? i18n._(msg`Cover image of ${localizedText(event.title, language)}`)
                      : i18n._(msg`Image ${index + 1} of ${localizedText(event.title, language)}`)
                  }
                  loading="lazy"
                  className="aspect-video w-full rounded-lg object-cover"
                />
                {image.cover && (
                  <span className="absolute start-2 top-2 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">
                    {i18n._(msg`Cover`)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Specialists eventId={event.id} specialists={specialists} editable={editable} ctx={ctx} />

      <section className={cardClass} aria-labelledby="event-supervisors-title">
        <h2 id="event-supervisors-title" className="mb-4 text-lg font-semibold">
          {i18n._(msg`Supervisors`)}
        </h2>
        {supervisors.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No supervisors assigned.`)}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="event-supervisors">
            {supervisors.map((supervisor) => (
              <li key={supervisor.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="block font-medium">{localizedText(supervisor.name, language)}</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    <Ltr>{supervisor.email}</Ltr>
                    {supervisor.phone && (
                      <>
                        {' · '}
                        <Ltr>{supervisor.phone}</Ltr>
                      </>
                    )}
                  </span>
                </span>
                <StatusBadge status={supervisor.status as UserStatus} ctx={ctx} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <HistorySection
        title={i18n._(msg`Status history`)}
        empty={i18n._(msg`No changes yet.`)}
        testId="event-history"
        ctx={ctx}
        entries={history.map((entry) => ({
          id: entry.id,
          from: entry.fromStatus && <EventStatusBadge status={entry.fromStatus as EventStatus} ctx={ctx} />,
          to: <EventStatusBadge status={entry.toStatus} ctx={ctx} />,
          by: entry.by,
          at: entry.at,
          remark: entry.reason && i18n._(msg`Reason: ${entry.reason}`),
        }))}
      />
    </RecordView>
  );
}

const SPECIALIST_FIELDS: AreaField[] = [
  { name: 'name', kind: 'localized', label: msg`Name` },
  { name: 'role', kind: 'localized', label: msg`Role` },
  { name: 'photo', kind: 'image', label: msg`Photo`, upload: api.eventImage },
];

function Specialists({
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
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<EventSpecialist | 'new' | null>(null);
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
          {specialists.map((specialist) => {
            const name = localizedText(specialist.name, language);
            return (
              <li
                key={specialist.id}
                className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
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
                      onClick={() => setEditing(specialist)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-10 px-2 text-red-700 dark:text-red-400"
                      aria-label={i18n._(msg`Remove ${name}`)}
                      onClick={() => {
                        setRemoveError(null);
                        setRemoving(specialist);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
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

function SpecialistDialog({
  eventId,
  specialist,
  onClose,
}: {
  eventId: number;
  specialist: EventSpecialist | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FieldValues>({
    resolver: ((values, ctx, options) =>
      (zodResolver(specialistInput, { error: formErrorMap }) as unknown as Resolver<FieldValues>)(
        normalizeValues(SPECIALIST_FIELDS, values),
        ctx,
        options,
      )) as Resolver<FieldValues>,
    defaultValues: initialValues(SPECIALIST_FIELDS, specialist ?? undefined),
  });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const fields = normalizeValues(SPECIALIST_FIELDS, values) as {
      name: { en: string; ar: string };
      role: { en: string; ar: string };
      photo: string | null;
    };
    try {
      const answer = await call(routes.eventSpecialist, {
        body: specialist
          ? { action: 'update', id: specialist.id, ...fields }
          : { action: 'add', eventId, ...fields },
        idempotencyKey,
      });
      notify.success(answer.message);
      await invalidateResource(queryClient, eventResource);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        // Refused: nothing changed, the corrected form is a new request.
        if (error.status >= 400 && error.status < 500) setIdempotencyKey(newIdempotencyKey());
        const others: string[] = [];
        for (const [name, text] of Object.entries(error.fieldErrors)) {
          const target = errorTarget(SPECIALIST_FIELDS, name);
          if (target) form.setError(target, { type: 'server', message: text });
          else others.push(text);
        }
        setProblem(others.join(' ') || (Object.keys(error.fieldErrors).length ? null : error.message));
      } else setProblem(errorMessage(error));
    }
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={`${contentClass} max-h-[90vh] overflow-y-auto sm:w-[min(40rem,calc(100vw-2rem))]`}
          data-testid="specialist-dialog"
        >
          <Dialog.Title className="text-lg font-semibold">
            {specialist ? i18n._(msg`Edit specialist`) : i18n._(msg`Add specialist`)}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`Shown with the event: name and role in both languages, and a photo.`)}
          </Dialog.Description>
          <FormProvider {...form}>
            <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
              {SPECIALIST_FIELDS.map((field) => (
                <FormField key={field.name} field={field} fields={SPECIALIST_FIELDS} />
              ))}
              {problem && <Alert kind="error">{problem}</Alert>}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">{i18n._(msg`Cancel`)}</Button>
                </Dialog.Close>
                <Button type="submit" loading={form.formState.isSubmitting} data-testid="specialist-save">
                  {i18n._(msg`Save`)}
                </Button>
              </div>
            </form>
          </FormProvider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
