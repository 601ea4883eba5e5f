/**
 * /booking: the bookings list (bookingArea on the shared list page) with "Keep available offline"
 * (docs/decisions/0008-offline-outbox-and-cache.md): a manager chooses coming events and the app
 * downloads, in the background, their bookings' list pages (as the list shows them, filtered by the
 * event) and each booking's details into the device's copy, with progress and the stored size. The
 * choice is kept per user and refreshed when the app is online again.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CloudDownload } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { bookingResource, eventResource, type Language } from '@/contract';
import { useConnection } from '@/app/connection';
import { getSession } from '@/app/session';
import { Alert, Button } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { dateTime, localizedText, venueTime } from '@/resources/cells';
import { contentClass, overlayClass } from '@/components/dialogs';
import { listQueryOptions, type BaseRecord, type ListAnswer } from '@/resources/queries';
import { toListQuery } from '@/resources/search';
import { ListPage as ResourceList } from '@/resources/ListPage';
import { bookingArea } from './booking';
import { bookingDetailsQuery } from './booking-details';
import { FORMAT_LOCALE } from '@/contract/plain';

const REFRESH_AFTER_MS = 15 * 60_000;
const CONCURRENCY = 4;

interface Kept {
  eventIds: number[];
  syncedAt: number | null;
  bytes: number;
  bookings: number;
}

const storageKey = () => `offline-bookings:${getSession().email.toLowerCase()}`;

function readKept(): Kept {
  try {
    const raw = localStorage.getItem(storageKey());
    if (raw) return JSON.parse(raw) as Kept;
  } catch {
    // Nothing kept.
  }
  return { eventIds: [], syncedAt: null, bytes: 0, bookings: 0 };
}

const writeKept = (kept: Kept) => localStorage.setItem(storageKey(), JSON.stringify(kept));

/** The bookings list as the page asks for it when filtered by this event (same query keys). */
const eventPage = (eventId: number, page: number) =>
  listQueryOptions(
    bookingResource,
    toListQuery(bookingResource, { eventId: String(eventId), ...(page > 1 ? { page } : {}) }),
  );

const sizeOf = (data: unknown) => JSON.stringify(data ?? null).length;

/** The pages a list answer knows of: one more when its total is capped (more rows follow). */
const pagesOf = (answer: ListAnswer<BaseRecord>) =>
  Math.ceil(answer.total / answer.pageSize) + (answer.totalCapped ? 1 : 0);

/** Downloads the bookings of these events into the query cache; reports progress (done, of). */
export async function downloadBookings(
  client: QueryClient,
  eventIds: number[],
  onProgress: (done: number, of: number) => void,
): Promise<{ bytes: number; bookings: number }> {
  let bytes = 0;
  let done = 0;
  let of = eventIds.length;
  const ids: number[] = [];
  for (const eventId of eventIds) {
    const first = (await client.fetchQuery({
      ...eventPage(eventId, 1),
      staleTime: 0,
    })) as ListAnswer<BaseRecord>;
    bytes += sizeOf(first);
    ids.push(...first.items.map((b) => b.id));
    let pages = pagesOf(first);
    of += pages - 1;
    onProgress(++done, of);
    for (let page = 2; page <= pages; page++) {
      const next = (await client.fetchQuery({
        ...eventPage(eventId, page),
        staleTime: 0,
      })) as ListAnswer<BaseRecord>;
      bytes += sizeOf(next);
      ids.push(...next.items.map((b) => b.id));
      // A capped total grows as the pages are read (docs/decisions/0027-capped-count-and-one-query-per-page.md).
      const more = Math.max(0, pagesOf(next) - pages);
      pages += more;
      of += more;
      onProgress(++done, of);
    }
  }
  of += ids.length;
  let index = 0;
  const worker = async () => {
    while (index < ids.length) {
      const id = ids[index++]!;
      bytes += sizeOf(await client.fetchQuery({ ...bookingDetailsQuery(id), staleTime: 0 }));
      onProgress(++done, of);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { bytes, bookings: ids.length };
}

/** Online again with events kept: their bookings are downloaded afresh (at most every 15 minutes). */
export function useKeptBookingsRefresh() {
  const client = useQueryClient();
  const connection = useConnection();
  useEffect(() => {
    const kept = readKept();
    if (connection !== 'online' || !kept.eventIds.length) return;
    if (kept.syncedAt && Date.now() - kept.syncedAt < REFRESH_AFTER_MS) return;
    void downloadBookings(client, kept.eventIds, () => undefined)
      .then(({ bytes, bookings }) => writeKept({ ...kept, syncedAt: Date.now(), bytes, bookings }))
      .catch(() => undefined);
  }, [client, connection]);
}

const megabytes = (bytes: number, language: Language) =>
  new Intl.NumberFormat(FORMAT_LOCALE[language], { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

export function List() {
  useKeptBookingsRefresh();
  return <ResourceList area={bookingArea} toolbar={<KeepOfflineButton />} />;
}

function KeepOfflineButton() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="keep-offline">
        <CloudDownload aria-hidden="true" className="size-4" />
        {i18n._(msg`Keep available offline`)}
      </Button>
      {open && <KeepOfflineDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The dialog's state: the kept copy, the events chosen, the coming events and the download. */
function useKeepOffline() {
  const client = useQueryClient();
  const [kept, setKept] = useState(readKept);
  const [chosen, setChosen] = useState(() => new Set(kept.eventIds));
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const today = new Date().toISOString().slice(0, 10);
  const events = useQuery(
    listQueryOptions<BaseRecord & { title: { en: string; ar: string }; startsAt: string; timeZone: string }>(
      eventResource,
      {
        page: 1,
        pageSize: 50,
        sort: 'startsAt',
        order: 'asc',
        status: 'approved',
        from: today,
      },
    ),
  );

  const download = async () => {
    setProblem(null);
    setProgress({ done: 0, of: chosen.size });
    try {
      const ids = [...chosen];
      const { bytes, bookings } = await downloadBookings(client, ids, (done, of) =>
        setProgress({ done, of }),
      );
      const next = { eventIds: ids, syncedAt: Date.now(), bytes, bookings };
      writeKept(next);
      setKept(next);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return { kept, chosen, setChosen, progress, problem, events, download };
}

function KeepOfflineDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const connection = useConnection();
  const { kept, chosen, setChosen, progress, problem, events, download } = useKeepOffline();
  return (
    <Dialog.Root open onOpenChange={(next) => !next && progress === null && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={`${contentClass} max-h-[90vh] overflow-y-auto sm:w-[min(36rem,calc(100vw-2rem))]`}
          data-testid="keep-offline-dialog"
        >
          <Dialog.Title className="text-lg font-semibold">
            {i18n._(msg`Keep bookings available offline`)}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {i18n._(
              msg`Choose coming events: their bookings and each booking's details are saved on this device, and refreshed when you are online.`,
            )}
          </Dialog.Description>
          {kept.syncedAt && (
            <p className="mt-3 text-sm" data-testid="keep-offline-stored">
              {i18n._(
                msg`${i18n.number(kept.bookings)} bookings kept on this device (${megabytes(kept.bytes, language)} MB), saved ${dateTime(new Date(kept.syncedAt).toISOString(), { i18n })}.`,
              )}
            </p>
          )}
          <ComingEvents events={events} chosen={chosen} onChange={setChosen} />
          {progress && (
            <div className="mt-3 space-y-1">
              <progress
                className="block h-2 w-full"
                max={progress.of}
                value={progress.done}
                aria-label={i18n._(msg`Saving bookings for offline use`)}
                data-testid="keep-offline-progress"
              />
              <p className="text-sm">
                {i18n._(msg`${i18n.number(progress.done)} of ${i18n.number(progress.of)} saved`)}
              </p>
            </div>
          )}
          {problem && (
            <Alert kind="error" className="mt-3">
              {problem}
            </Alert>
          )}
          {connection !== 'online' && (
            <p className="mt-3 text-sm">{i18n._(msg`Connect to download the bookings.`)}</p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={progress !== null} onClick={onClose}>
              {i18n._(msg`Close`)}
            </Button>
            <Button
              onClick={() => void download()}
              loading={progress !== null}
              disabled={chosen.size === 0 || connection !== 'online'}
              data-testid="keep-offline-download"
            >
              <CloudDownload aria-hidden="true" className="size-4" />
              {i18n._(msg`Save on this device`)}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The coming events to keep, each a checkbox. */
function ComingEvents({
  events,
  chosen,
  onChange,
}: {
  events: ReturnType<typeof useKeepOffline>['events'];
  chosen: Set<number>;
  onChange: (next: Set<number>) => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  return (
    <fieldset className="mt-3 space-y-2">
      <legend className="text-sm font-medium">{i18n._(msg`Coming events`)}</legend>
      {events.isPending && <p className="text-sm">{i18n._(msg`Loading…`)}</p>}
      {events.data?.items.length === 0 && <p className="text-sm">{i18n._(msg`No coming events.`)}</p>}
      {events.data?.items.map((event) => (
        <label key={event.id} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-indigo-600"
            checked={chosen.has(event.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(event.id);
              else next.delete(event.id);
              onChange(next);
            }}
          />
          <span>
            <span className="block font-medium">{localizedText(event.title, language)}</span>
            <span className="block text-slate-700 dark:text-slate-300">
              {venueTime(event.startsAt, event.timeZone, { i18n, language })}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
