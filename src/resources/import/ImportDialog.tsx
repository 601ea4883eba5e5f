import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Dialog } from 'radix-ui';
import { useMemo, useState, type ChangeEvent } from 'react';
import { overlayClass } from '@/components/dialogs';
import { Alert, Button } from '@/components/ui';
import { importFieldsOf, importKeysOf, type ImportReport } from '@/contract/import';
import type { Resource } from '@/contract/resource';
import { ImportMapping } from './ImportMapping';
import { ImportPreview } from './ImportPreview';
import { useImport } from './useImport';

interface Edit {
  of: ImportReport;
  mapping: Record<string, string>;
  key: string | null;
}

/** The mapping and key to show: those changed by hand since `report`, else the report's own. */
const choiceOf = (edit: Edit | null, report: ImportReport | null) =>
  edit !== null && edit.of === report
    ? { changed: true, mapping: edit.mapping, key: edit.key }
    : { changed: false, mapping: report?.mapping ?? {}, key: report?.key ?? null };

const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Import into a list (docs/decisions/0073-import-from-files.md): choose a file, see its columns
 * matched to the fields (change them by hand and check again), the first rows as they will be saved
 * with each refused cell's reason, download the report, then import the valid rows as a bulk job
 * whose progress and Undo show on the list.
 */
export default function ImportDialog({
  resource,
  title,
  open,
  onOpenChange,
}: {
  resource: Resource;
  /** The list's title, in the reader's language. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale === 'ar' ? 'ar' : 'en';
  const fields = useMemo(() => importFieldsOf(resource) ?? [], [resource]);
  const keys = useMemo(() => importKeysOf(resource), [resource]);
  const imp = useImport(resource, `${title}: ${i18n._(msg`Import`)}`);
  // The mapping and key changed by hand since the last check (of that report), else the report's.
  const [edit, setEdit] = useState<Edit | null>(null);
  const report = imp.report;
  const { changed, mapping, key } = choiceOf(edit, report);

  const close = (next: boolean) => {
    if (!next) imp.reset();
    onOpenChange(next);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) void imp.check(chosen);
  };
  const commit = async () => (await imp.commit(mapping, key)) && close(false);

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className="fixed inset-x-0 top-4 bottom-4 z-50 mx-auto flex w-[min(72rem,calc(100vw-1rem))] flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
          data-testid="import-dialog"
        >
          <ImportIntro title={title} onFile={choose} />
          {imp.file && (
            <p className="text-sm" dir="auto">
              {imp.file.name}
            </p>
          )}
          {imp.problem && <Alert kind="error">{imp.problem}</Alert>}
          {report && (
            <>
              <ImportMapping
                {...{ fields, keys, lang }}
                headers={report.headers}
                mapping={mapping}
                onMapping={(m) => setEdit({ of: report, mapping: m, key })}
                chosenKey={key}
                onKey={(k) => setEdit({ of: report, mapping, key: k })}
              />
              <div>
                <Button
                  variant="secondary"
                  loading={imp.busy}
                  disabled={!changed}
                  onClick={() => imp.file && void imp.check(imp.file, { mapping, key })}
                  data-testid="import-check"
                >
                  {i18n._(msg`Check again`)}
                </Button>
              </div>
              <ImportPreview report={report} fields={fields} lang={lang} name={resource.key} />
            </>
          )}
          <ImportFooter
            busy={imp.busy}
            valid={changed ? 0 : (report?.valid ?? 0)}
            onCancel={() => close(false)}
            onCommit={() => void commit()}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel, or import the valid rows of the report as it was checked. */
function ImportFooter({
  busy,
  valid,
  onCancel,
  onCommit,
}: {
  busy: boolean;
  valid: number;
  onCancel: () => void;
  onCommit: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="mt-auto flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {i18n._(msg`Cancel`)}
      </Button>
      <Button loading={busy} disabled={!valid} onClick={onCommit} data-testid="import-commit">
        {i18n._(msg`Import ${i18n.number(valid)} rows`)}
      </Button>
    </div>
  );
}

/** The dialog's title, what a file may be, and the file input. */
function ImportIntro({
  title,
  onFile,
}: {
  title: string;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <Dialog.Title className="text-lg font-semibold">{i18n._(msg`Import into ${title}`)}</Dialog.Title>
      <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
        {i18n._(
          msg`A CSV (comma, semicolon, tab or bar; UTF-8) or Excel .xlsx file whose first row names the columns. Nothing is saved until you import.`,
        )}
      </Dialog.Description>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">{i18n._(msg`File`)}</span>
        <input
          type="file"
          accept={ACCEPT}
          onChange={onFile}
          data-testid="import-file"
          className="block w-full text-sm"
        />
      </label>
    </>
  );
}
