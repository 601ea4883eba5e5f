/**
 * The provider's documents (serviceprovider-details.tsx): preview, download, upload with progress and
 * remove.
 */
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Eye, FileUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { api, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type ProviderDocument } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { ConfirmDialog } from '@/components/dialogs';
import { Button } from '@/components/ui';
import { ApiError, call, errorMessage, newIdempotencyKey } from '@/lib/api';
import { fetchFile, saveBlob, uploadFile } from '@/lib/transfer';
import { dateTime } from '@/resources/cells';
import { cardClass } from '@/resources/DetailsPage';
import { invalidateResource } from '@/resources/queries';
import type { RenderContext } from '@/resources/types';
import { serviceProviderArea } from './serviceprovider';

const formatSize = (bytes: number, ctx: RenderContext) =>
  bytes >= 1024 * 1024
    ? ctx.i18n._(msg`${ctx.i18n.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`)
    : ctx.i18n._(msg`${ctx.i18n.number(Math.max(1, Math.round(bytes / 1024)))} KB`);

/** The documents' handlers: open (preview or save), upload a chosen file, remove one. */
function useProviderDocuments(providerId: number, ctx: RenderContext) {
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

  const ask = (doc: ProviderDocument) => {
    setRemoveError(null);
    setRemoving(doc);
  };
  return { inputId, progress, problem, removing, setRemoving, busy, removeError, open, choose, remove, ask };
}

export function Documents({
  providerId,
  documents,
  ctx,
}: {
  providerId: number;
  documents: ProviderDocument[];
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  const { inputId, progress, problem, removing, setRemoving, busy, removeError, open, choose, remove, ask } =
    useProviderDocuments(providerId, ctx);
  return (
    <section className={cardClass} aria-labelledby="documents-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="documents-title" className="text-lg font-semibold">
          {i18n._(msg`Documents`)}
        </h2>
        <DocumentUpload
          inputId={inputId}
          uploading={progress !== null}
          onChoose={(event) => void choose(event)}
          ctx={ctx}
        />
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
            <DocumentItem
              key={doc.id}
              doc={doc}
              ctx={ctx}
              onOpen={(save) => void open(doc, save)}
              onRemove={() => ask(doc)}
            />
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

function DocumentItem({
  doc,
  ctx,
  onOpen,
  onRemove,
}: {
  doc: ProviderDocument;
  ctx: RenderContext;
  onOpen: (save: boolean) => void;
  onRemove: () => void;
}) {
  const { i18n } = ctx;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0">
        <span className="block font-medium break-all">{doc.fileName}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {formatSize(doc.size, ctx)} · {dateTime(doc.uploadedAt, ctx)}
        </span>
      </span>
      <span className="flex gap-1">
        <Button
          variant="ghost"
          onClick={() => onOpen(false)}
          aria-label={i18n._(msg`Preview ${doc.fileName}`)}
        >
          <Eye aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          onClick={() => onOpen(true)}
          aria-label={i18n._(msg`Download ${doc.fileName}`)}
        >
          <Download aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="ghost" onClick={onRemove} aria-label={i18n._(msg`Remove ${doc.fileName}`)}>
          <Trash2 aria-hidden="true" className="size-4 text-red-700 dark:text-red-400" />
        </Button>
      </span>
    </li>
  );
}

/** The upload button: a hidden file input behind its label (described by the hint `${inputId}-hint`). */
function DocumentUpload({
  inputId,
  uploading,
  onChoose,
  ctx,
}: {
  inputId: string;
  uploading: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  ctx: RenderContext;
}) {
  const { i18n } = ctx;
  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept={DOCUMENT_TYPES.join(',')}
        className="peer sr-only"
        onChange={onChoose}
        disabled={uploading}
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
  );
}
