/**
 * /serviceprovider-details/{id}: the provider's profile, its documents (preview, download, upload
 * with progress, remove: serviceprovider-documents.tsx), its approval history and its supervisors,
 * with approve / reject / block.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { dateTime, localizedText, Ltr, StatusBadge } from '@/resources/cells';
import { DefinitionList, RecordView } from '@/resources/DetailsPage';
import { parseId } from '@/resources/screens';
import { HistorySection } from '@/resources/History';
import type { DetailItem, RenderContext } from '@/resources/types';
import { DetailsCard, LoadedDetails, type DetailsData } from './details-frame';
import { serviceProviderArea, type Provider } from './serviceprovider';
import { Documents } from './serviceprovider-documents';
import { AccountStatus, invitationDetail } from './invitation';

export const providerDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['serviceprovider', 'details', id] as const,
    queryFn: async ({ signal }) =>
      (await call(routes.serviceProviderDetails, { query: { id }, signal })).data,
  });

const PROFILE: DetailItem<Provider>[] = [
  { label: msg`Business name (English)`, value: (row) => row.businessName.en || '—' },
  {
    label: msg`Business name (Arabic)`,
    value: (row) => (
      <span lang="ar" dir="rtl">
        {row.businessName.ar || '—'}
      </span>
    ),
  },
  { label: msg`Status`, value: (row, ctx) => <AccountStatus row={row} ctx={ctx} /> },
  invitationDetail,
  { label: msg`Rejection or block reason`, value: (row) => row.rejectionReason ?? '—' },
  { label: msg`Contact person`, value: (row, ctx) => localizedText(row.name, ctx.language) },
  { label: msg`Email`, value: (row) => <Ltr>{row.email}</Ltr> },
  { label: msg`Phone`, value: (row) => (row.phone ? <Ltr>{row.phone}</Ltr> : '—') },
  { label: msg`Business phone`, value: (row) => (row.contactPhone ? <Ltr>{row.contactPhone}</Ltr> : '—') },
  { label: msg`Category`, value: (row, ctx) => localizedText(row.categoryName, ctx.language) || '—' },
  { label: msg`City`, value: (row, ctx) => localizedText(row.cityName, ctx.language) || '—' },
  {
    label: msg`Description`,
    value: (row, ctx) => (
      <p className="whitespace-pre-line">{localizedText(row.description, ctx.language) || '—'}</p>
    ),
  },
  { label: msg`Registered`, value: (row, ctx) => dateTime(row.createdAt, ctx) },
];

export function Details() {
  const { id: raw } = useParams({ strict: false }) as { id?: string };
  const id = parseId(raw);
  const details = useQuery({ ...providerDetailsQuery(id ?? 0), enabled: id !== null });
  return (
    <LoadedDetails id={id} details={details} area={serviceProviderArea}>
      {(data) => <ProviderDetails data={data} updatedAt={details.dataUpdatedAt} />}
    </LoadedDetails>
  );
}

function ProviderDetails({
  data,
  updatedAt,
}: {
  data: DetailsData<typeof providerDetailsQuery>;
  updatedAt: number;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { profile, documents, history, supervisors } = data;
  const ctx: RenderContext = { i18n, language };
  return (
    <RecordView area={serviceProviderArea} row={profile} updatedAt={updatedAt}>
      <DetailsCard titleId="profile-title" title={i18n._(msg`Profile`)}>
        <DefinitionList items={PROFILE} row={profile} ctx={ctx} />
      </DetailsCard>
      <Documents providerId={profile.id} documents={documents} ctx={ctx} />
      <HistorySection
        title={i18n._(msg`Approval history`)}
        empty={i18n._(msg`No decisions yet.`)}
        testId="approval-history"
        ctx={ctx}
        entries={history.map((entry) => ({
          id: entry.id,
          from: entry.fromStatus && <StatusBadge status={entry.fromStatus} ctx={ctx} />,
          to: <StatusBadge status={entry.toStatus} ctx={ctx} />,
          by: entry.by,
          at: entry.at,
          remark: entry.reason && i18n._(msg`Reason: ${entry.reason}`),
        }))}
      />
      <DetailsCard titleId="supervisors-title" title={i18n._(msg`Supervisors`)}>
        {supervisors.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No supervisors yet.`)}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {supervisors.map((supervisor) => (
              <li key={supervisor.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="block font-medium">{localizedText(supervisor.name, language)}</span>
                  <Ltr>{supervisor.email}</Ltr>
                </span>
                <StatusBadge status={supervisor.status} ctx={ctx} />
              </li>
            ))}
          </ul>
        )}
      </DetailsCard>
    </RecordView>
  );
}
