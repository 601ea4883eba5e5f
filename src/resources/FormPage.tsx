/**
 * The generic add / edit form (docs/decisions/0005-resource-pattern.md): react-hook-form with the contract's input schema, messages
 * in the reader's language (`localizeMessage`), the server's 422 field errors on their fields, a stale
 * version (409) explained with a way to load the latest, an unsaved-changes guard (router blocker and
 * beforeunload), and a notice then the list after saving.
 */
import { useQuery } from '@tanstack/react-query';
import { FullPageSpinner } from '@/components/ui';
import { RecordForm } from './form/RecordForm';
import { NotSavedHere, useNotSavedHere } from './NotSavedHere';
import { detailQueryOptions, failedToLoad, type BaseRecord } from './queries';
import { RecordLoadError } from './DetailsPage';
import type { AreaConfig } from './types';

export { errorTarget, formErrorMap, initialValues, normalizeValues } from './form/form-values';

export function FormPage<T extends BaseRecord>({ area, id }: { area: AreaConfig<T>; id: number | null }) {
  const detail = useQuery({ ...detailQueryOptions<T>(area.resource, id ?? 0), enabled: id !== null });
  const defaults = area.useCreateDefaults?.() ?? { values: {}, ready: true };
  // Offline with no copy of the record on this device: say so, as lists and read views do.
  const notSaved = useNotSavedHere(id === null ? { data: true, error: null, fetchStatus: 'idle' } : detail);

  if (id !== null) {
    if (notSaved) return <NotSavedHere onRetry={() => void detail.refetch()} />;
    if (detail.isPending) return <FullPageSpinner inline />;
    if (failedToLoad(detail))
      return <RecordLoadError error={detail.error} retry={() => void detail.refetch()} area={area} />;
  } else if (!defaults.ready) return <FullPageSpinner inline />;

  return (
    <RecordForm
      // A reloaded record (after a conflict) starts a fresh form.
      key={id === null ? 'new' : `${id}:${detail.data?.version}`}
      area={area}
      record={id === null ? undefined : detail.data}
      createDefaults={defaults.values}
      reload={() => detail.refetch()}
    />
  );
}
