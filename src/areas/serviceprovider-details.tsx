/**
 * /serviceprovider-details/{id}: the provider's profile, its documents (preview, download, upload
 * with progress, remove), its approval history and its supervisors, with approve / reject / block.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Download, Eye, FileUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { api, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type Language, type ProviderDocument } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { Button } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { fetchFile, saveBlob, uploadFile } from '@/lib/transfer';
import { dateTime, localizedText, Ltr, StatusBadge } from '@/resources/cells';
import { ConfirmDialog } from '@/components/dialogs';
import {
  cardClass,
  DefinitionList,
  DetailsSkeleton,
  RecordLoadError,
  RecordView,
} from '@/resources/DetailsPage';
import { NotSavedHere, useNotSavedHere } from '@/resources/NotSavedHere';
import { failedToLoad } from '@/resources/queries';
import { parseId } from '@/resources/screens';
import { invalidateResource } from '@/resources/queries';
import { HistorySection } from '@/resources/History';
import type { DetailItem, RenderContext } from '@/resources/types';
import { serviceProviderArea, type Provider } from './serviceprovider';

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
  { label: msg`Status`, value: (row, ctx) => <StatusBadge status={row.status} ctx={ctx} /> },
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
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { id: raw } = useParams({ strict: false }) as { id?: string };
  const id = parseId(raw);
  const details = useQuery({ ...providerDetailsQuery(id ?? 0), enabled: id !== null });
  const notSaved = useNotSavedHere(details);
  if (id === null) return <NotFoundPage />;
  if (notSaved) return <NotSavedHere onRetry={() => void details.refetch()} />;
  if (details.isPending) return <DetailsSkeleton />;
  if (failedToLoad(details) || details.data === undefined)
    return <RecordLoadError error={details.error} retry={() => void details.refetch()} />;
  const { profile, documents, history, supervisors } = details.data;
  const ctx: RenderContext = { i18n, language };
  return (
    <RecordView area={serviceProviderArea} row={profile} updatedAt={details.dataUpdatedAt}>
      <section className={cardClass} aria-labelledby="profile-title">
        <h2 id="profile-title" className="mb-4 text-lg font-semibold">
          {i18n._(msg`Profile`)}
        </h2>
        <DefinitionList items={PROFILE} row={profile} ctx={ctx} />
      </section>
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
      <section className={cardClass} aria-labelledby="supervisors-title">
        <h2 id="supervisors-title" className="mb-4 text-lg font-semibold">
          {i18n._(msg`Supervisors`)}
        </h2>
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
      </section>
    </RecordView>
  );
}

const formatSize = (bytes: number, ctx: RenderContext) =>
  bytes >= 1024 * 1024
    ? ctx.i18n._(msg`${ctx.i18n.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`)
    : ctx.i18n._(msg`${ctx.i18n.number(Math.max(1, Math.round(bytes / 1024)))} KB`);

function Documents({
  providerId,
  documents,
  ctx,
}: {
  providerId: number;
  documents: ProviderDocument[];
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ProviderDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const refresh = () => invalidateResource(queryClient, serviceProviderArea.resource);

  const open = async (doc: ProviderDocument, save: boolean) => {
    // The preview window opens at once (a popup blocker allows it), the file follows.
    const preview = save ? null : window.open('', '_blank');
    try {
      const { blob } = await fetchFile(doc.downloadPath);
      if (save) saveBlob(blob, doc.fileName);
      else if (preview) {
        const url = URL.createObjectURL(new Blob([blob], { type: doc.mimeType }));
        preview.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
      }
    } catch (error) {
      preview?.close();
      notify.error(error);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) {
      setProblem(i18n._(msg`Choose a PDF, JPEG or PNG file.`));
      return;
    }
    if (file.size > MAX_DOCUMENT_BYTES) {
      setProblem(i18n._(msg`A document may be at most 10 MB.`));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const answer = await uploadFile(api.serviceProviderUploadDocument, file, {
        params: { id: providerId },
        onProgress: setProgress,
      });
      notify.success(answer.message);
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (doc: ProviderDocument) => {
    setBusy(true);
    setRemoveError(null);
    try {
      const answer = await call(routes.serviceProviderRemoveDocuments, {
        body: { ids: [doc.id] },
        idempotencyKey: newIdempotencyKey(),
      });
      notify.success(answer.message);
      setRemoving(null);
      await refresh();
    } catch (error) {
      setRemoveError(error instanceof ApiError ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={cardClass} aria-labelledby="documents-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="documents-title" className="text-lg font-semibold">
          {i18n._(msg`Documents`)}
        </h2>
        <div>
          <input
            id={inputId}
            type="file"
            accept={DOCUMENT_TYPES.join(',')}
            className="peer sr-only"
            onChange={(event) => void choose(event)}
            disabled={progress !== null}
            aria-describedby={`${inputId}-hint`}
            data-testid="document-input"
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700"
          >
            <FileUp aria-hidden="true" className="size-4" />
            {i18n._(msg`Upload a document`)}
          </label>
        </div>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {i18n._(msg`PDF, JPEG or PNG, up to 10 MB.`)}
      </p>
      {progress !== null && (
        <progress
          className="mt-2 block h-2 w-full max-w-xs"
          max={1}
          value={progress}
          aria-label={i18n._(msg`Uploading the document`)}
          data-testid="upload-progress"
        />
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      {documents.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">{i18n._(msg`No documents uploaded.`)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="documents">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-all">{doc.fileName}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {formatSize(doc.size, ctx)} · {dateTime(doc.uploadedAt, ctx)}
                </span>
              </span>
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  onClick={() => void open(doc, false)}
                  aria-label={i18n._(msg`Preview ${doc.fileName}`)}
                >
                  <Eye aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void open(doc, true)}
                  aria-label={i18n._(msg`Download ${doc.fileName}`)}
                >
                  <Download aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setRemoveError(null);
                    setRemoving(doc);
                  }}
                  aria-label={i18n._(msg`Remove ${doc.fileName}`)}
                >
                  <Trash2 aria-hidden="true" className="size-4 text-red-700 dark:text-red-400" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setRemoving(null)}
          title={i18n._(msg`Remove ${removing.fileName}?`)}
          description={i18n._(msg`The document is deleted for good.`)}
          confirmLabel={i18n._(msg`Remove`)}
          danger
          busy={busy}
          error={removeError}
          onConfirm={() => void remove(removing)}
        />
      )}
    </section>
  );
}
