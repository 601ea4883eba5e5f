/**
 * Activity (admins): the whole audit trail with its filters, newest first, and its CSV export
 * (docs/decisions/0017-audit-trail.md). A user's details link here with `actorId`: what that person
 * did.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AUDIT_RESOURCES, Language } from '@/contract';
import { type AuditEntryRecord, type AuditQuery } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { FORMAT_LOCALES } from '@/app/i18n';
import { notify } from '@/app/notify';
import { DateField } from '@/components/DateField';
import { Select } from '@/components/Select';
import { Button, inputClass } from '@/components/ui';
import { downloadFile } from '@/lib/transfer';
import { recordScreen } from '@/lib/record-screens';
import { AppLink } from '@/components/AppLink';
import { localizedText } from '@/resources/cells';
import { zoneLabel } from '@/lib/zone-label';
import { viewerTimeZone } from '@/lib/zoned';
import { AUDIT_ACTION_LABELS, AuditEntries } from '@/resources/AuditTrail';
import { cardClass } from '@/resources/DetailsPage';
import { ReferenceSelect } from '@/resources/filters/ReferenceSelect';
import type { AreaConfig, PickerSource } from '@/resources/types';
import { areaWords, type AreaWords } from '@/resources/audit-values';
import { advertisementArea } from '@/areas/advertisement';
import { bookingArea } from '@/areas/booking';
import { categoryArea } from '@/areas/category';
import { cityArea } from '@/areas/city';
import { countryArea } from '@/areas/country';
import { eventArea } from '@/areas/event';
import { locationArea } from '@/areas/location';
import { notificationArea } from '@/areas/notification';
import { pageArea } from '@/areas/page';
import { serviceProviderArea } from '@/areas/serviceprovider';
import { supervisorArea } from '@/areas/supervisor';
import { userArea } from '@/areas/user';
import { activitySearch, type ActivitySearch } from './search';

const RESOURCE_TEXT: Record<(typeof AUDIT_RESOURCES)[number], MessageDescriptor> = {
  category: msg`Category`,
  country: msg`Country`,
  city: msg`City`,
  location: msg`Location`,
  serviceprovider: msg`Service Provider`,
  supervisor: msg`Supervisor`,
  user: msg`User`,
  event: msg`Event`,
  advertisement: msg`Advertisement`,
  booking: msg`Booking`,
  page: msg`Page`,
  notification: msg`Notification`,
  session: msg`Sign-in`,
};

const labelClass = 'block text-sm font-medium text-slate-700 dark:text-slate-300';

/** The record types whose records are chosen by name (the others by number: bookings, ads…). */
const RECORD_PICKERS: Partial<Record<(typeof AUDIT_RESOURCES)[number], PickerSource>> = {
  event: 'event',
  serviceprovider: 'provider',
  supervisor: 'supervisor',
  user: 'user',
  category: 'category',
  country: 'country',
  city: 'city',
  location: 'location',
};

/** A filter over records chosen by name: the pickers of the lists' filters. */
function PickedFilter({
  name,
  label,
  source,
  draft,
  pick,
}: {
  name: 'recordId' | 'actorId';
  label: MessageDescriptor;
  source: PickerSource;
  draft: ActivitySearch;
  pick: (key: 'recordId' | 'actorId') => (value: string) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className={labelClass}>
      <label htmlFor={`activity-${name}`}>{i18n._(label)}</label>
      <ReferenceSelect
        id={`activity-${name}`}
        filter={{ key: name, label, kind: 'reference', source }}
        value={draft[name] ?? ''}
        parent={undefined}
        onChange={pick(name)}
        className="mt-1"
      />
    </div>
  );
}

/**
 * What an entry is about, as staff say it: its type in words and its record by name (by number for
 * one without a name, or gone), linked to the record's screen where the area has one.
 */
function RecordOf({ entry }: { entry: AuditEntryRecord }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const id = Number(entry.recordId);
  const name = (entry.recordName && localizedText(entry.recordName, language)) || `#${entry.recordId}`;
  const text = i18n._(msg`${i18n._(RESOURCE_TEXT[entry.resource]!)}: ${name}`);
  const to =
    entry.resource !== 'session' && Number.isSafeInteger(id) ? recordScreen(entry.resource, id) : null;
  return to ? (
    <AppLink
      to={to}
      className="underline hover:text-indigo-700 dark:hover:text-indigo-300"
      data-testid="activity-record"
    >
      {text}
    </AppLink>
  ) : (
    <span data-testid="activity-record">{text}</span>
  );
}
const describeRecord = (entry: AuditEntryRecord) => <RecordOf entry={entry} />;

/** Each area's words for its fields and their values, as its own History says them. */
const AREA_WORDS: Partial<Record<(typeof AUDIT_RESOURCES)[number], AreaWords>> = Object.fromEntries(
  [
    eventArea,
    bookingArea,
    advertisementArea,
    notificationArea,
    serviceProviderArea,
    supervisorArea,
    userArea,
    categoryArea,
    countryArea,
    cityArea,
    locationArea,
    pageArea,
  ].map((area) => [area.resource.key, areaWords(area as Pick<AreaConfig, 'fields' | 'filters'>)]),
);
const wordsFor = (entry: AuditEntryRecord) => AREA_WORDS[entry.resource];

/** A day of the filters, in the reader's language and direction (src/components/DateField.tsx). */
function DayFilter({
  name,
  label,
  value,
  onChange,
}: {
  name: 'from' | 'to';
  label: MessageDescriptor;
  value: string;
  onChange: (value: string) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className={labelClass}>
      <label htmlFor={`activity-${name}`}>{i18n._(label)}</label>
      <DateField
        id={`activity-${name}`}
        className="mt-1"
        value={value}
        onChange={onChange}
        clearable
        testId={`activity-${name}`}
        describedBy="activity-clock"
      />
    </div>
  );
}

/** A choice of the filters, "All" first. */
function ChoiceFilter({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: 'resource' | 'action';
  label: MessageDescriptor;
  options: Record<string, MessageDescriptor>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {i18n._(label)}
      </label>
      <Select
        id={id}
        value={value}
        onChange={onChange}
        empty={i18n._(msg`All`)}
        options={Object.entries(options).map(([key, text]) => ({ value: key, label: i18n._(text) }))}
        className="mt-1"
        testId={`activity-${name}`}
      />
    </div>
  );
}

/** The filters, applied to the address (so a filtered view can be linked and reloaded). */
function Filters({ search }: { search: ActivitySearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ActivitySearch>(search);
  const set = (key: keyof ActivitySearch) => (event: { target: { value: string } }) =>
    setDraft((d) => ({
      ...d,
      [key]: event.target.value,
      // Another record type: the record chosen was of the one before.
      ...(key === 'resource' ? { recordId: undefined } : {}),
    }));
  const pick = (key: 'recordId' | 'actorId' | 'from' | 'to') => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const recordSource = RECORD_PICKERS[(draft.resource ?? '') as keyof typeof RECORD_PICKERS];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(Object.entries(draft).filter(([, v]) => v && v.trim() !== ''));
    void navigate({ to: '/activity', search: next });
  };
  const select = (
    key: 'resource' | 'action',
    label: MessageDescriptor,
    options: Record<string, MessageDescriptor>,
  ) => (
    <ChoiceFilter
      name={key}
      label={label}
      options={options}
      value={draft[key] ?? ''}
      onChange={(next) => set(key)({ target: { value: next } })}
    />
  );
  const field = (key: keyof ActivitySearch, label: MessageDescriptor, type = 'text') => (
    <label className={labelClass}>
      {i18n._(label)}
      <input
        type={type}
        name={key}
        value={draft[key] ?? ''}
        onChange={set(key)}
        className={`mt-1 ${inputClass(false)}`}
        inputMode={key === 'recordId' ? 'numeric' : undefined}
      />
    </label>
  );
  const day = (key: 'from' | 'to', label: MessageDescriptor) => (
    <DayFilter name={key} label={label} value={draft[key] ?? ''} onChange={pick(key)} />
  );
  const language = i18n.locale as Language;
  const zoneName = zoneLabel(new Date(), viewerTimeZone(), language, FORMAT_LOCALES[language]);
  return (
    <form
      onSubmit={apply}
      className={`${cardClass} grid gap-3 sm:grid-cols-3`}
      aria-label={i18n._(msg`Filters`)}
    >
      {select('resource', msg`Record type`, RESOURCE_TEXT)}
      {recordSource ? (
        <PickedFilter name="recordId" label={msg`Record`} source={recordSource} draft={draft} pick={pick} />
      ) : (
        field('recordId', msg`Record ID`)
      )}
      <PickedFilter name="actorId" label={msg`User`} source="user" draft={draft} pick={pick} />
      {select('action', msg`Action`, AUDIT_ACTION_LABELS)}
      {day('from', msg`From`)}
      {day('to', msg`To`)}
      <p id="activity-clock" className="text-xs text-slate-500 sm:col-span-3 dark:text-slate-400">
        {i18n._(msg`Days on your clock: ${zoneName}.`)}
      </p>
      <div className="sm:col-span-3">
        <Button type="submit">{i18n._(msg`Apply`)}</Button>
      </div>
    </form>
  );
}

/** @public (a lazily loaded route component) */
export function ActivityPage() {
  const { i18n } = useLingui();
  const search = activitySearch(useSearch({ strict: false }) as Record<string, unknown>);
  // The days are the viewer's (docs/decisions/0031-venue-days-and-viewer-moments.md): its clock goes
  // with them, never into the address (a link opened elsewhere counts on that device's clock).
  const filters = search.from || search.to ? { ...search, tz: viewerTimeZone() } : search;
  const query = { ...filters, pageSize: 50 } as Omit<AuditQuery, 'cursor'>;
  const exportCsv = () =>
    downloadFile(routes.auditExport.path, filters, 'audit.csv').catch((error: unknown) =>
      notify.error(error),
    );
  return (
    <section className="mx-auto max-w-5xl space-y-4" aria-labelledby="activity-title" data-testid="activity">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="activity-title" className="text-2xl font-semibold">
          {i18n._(msg`Activity`)}
        </h1>
        <Button variant="secondary" onClick={() => void exportCsv()}>
          <Download aria-hidden="true" className="size-4" />
          {i18n._(msg`Export CSV`)}
        </Button>
      </div>
      <Filters key={JSON.stringify(search)} search={search} />
      <div className={cardClass}>
        <AuditEntries query={query} describeRecord={describeRecord} wordsFor={wordsFor} canRestore />
      </div>
    </section>
  );
}
