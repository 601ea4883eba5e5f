import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Download, Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { DataAge } from '@/components/DataAge';
import { Button } from '@/components/ui';
import type { BaseRecord } from '../queries';
import type { AreaConfig } from '../types';

/** The import's dialog, loaded with its first opening (docs/decisions/0073-import-from-files.md). */
const ImportDialog = lazy(() => import('../import/ImportDialog'));

/** The list's heading with the age of its data, and the page's toolbar: export and add. */
export function ListHeader<T extends BaseRecord>({
  area,
  headingId,
  title,
  updatedAt,
  toolbar,
  exporting,
  onExport,
  createPath,
}: {
  area: AreaConfig<T>;
  headingId: string;
  title: string;
  updatedAt: number;
  toolbar?: React.ReactNode;
  exporting: boolean;
  onExport: () => void;
  createPath: string | undefined;
}) {
  const { i18n } = useLingui();
  const [importing, setImporting] = useState(false);
  // Every list that can create imports (docs/decisions/0073-import-from-files.md).
  const canImport = Boolean(createPath);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="list-header">
      <div>
        <h1 id={headingId} className="text-2xl font-semibold">
          {title}
        </h1>
        <DataAge updatedAt={updatedAt} />
      </div>
      <div className="flex flex-wrap gap-2" data-testid="list-toolbar">
        {toolbar}
        <Button variant="secondary" loading={exporting} onClick={onExport} data-testid="export-csv">
          <Download aria-hidden="true" className="size-4" />
          {i18n._(msg`Export CSV`)}
        </Button>
        {canImport && (
          <Button variant="secondary" onClick={() => setImporting(true)} data-testid="import-open">
            <Upload aria-hidden="true" className="size-4" />
            {i18n._(msg`Import`)}
          </Button>
        )}
        {importing && (
          <Suspense fallback={null}>
            <ImportDialog
              resource={area.resource}
              title={title}
              open={importing}
              onOpenChange={setImporting}
            />
          </Suspense>
        )}
        {createPath && (
          <AppLink
            to={createPath}
            data-testid="add-record"
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            <Plus aria-hidden="true" className="size-4" />
            {i18n._(area.createTitle ?? area.title)}
          </AppLink>
        )}
      </div>
    </div>
  );
}
