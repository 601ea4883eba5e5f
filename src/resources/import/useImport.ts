import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { trackBulkJob } from '@/app/bulk-jobs';
import type { BulkJob } from '@/contract/bulk';
import { importEndpoints, type ImportReport } from '@/contract/import';
import type { ResourceKey } from '@/contract/areas';
import { call } from '@/lib/api';
import type { Resource } from '@/contract/resource';

/**
 * An import's calls (docs/decisions/0073-import-from-files.md): the file sent for a dry run with
 * the mapping and key chosen (none at first: the server offers the kept or matched mapping), and
 * then for the commit, whose bulk job the app follows as any other (its end notice offers Undo).
 */
export function useImport(resource: Resource, label: string) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const endpoint = importEndpoints[resource.key as ResourceKey]!;

  const send = async (
    chosen: File,
    choice: { mapping?: Record<string, string>; key?: string | null },
    dryRun: boolean,
  ) => {
    const form = new FormData();
    form.append('file', chosen);
    if (choice.mapping) form.append('mapping', JSON.stringify(choice.mapping));
    if (choice.key !== undefined) form.append('key', choice.key ?? '');
    form.append('dryRun', String(dryRun));
    setBusy(true);
    setProblem(null);
    try {
      const answer = (await call(endpoint, { body: form })) as {
        data: { report: ImportReport; job: BulkJob | null };
      };
      setReport(answer.data.report);
      return answer.data;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const check = async (
    chosen: File,
    choice: { mapping?: Record<string, string>; key?: string | null } = {},
  ) => {
    setFile(chosen);
    await send(chosen, choice, true);
  };

  const commit = async (mapping: Record<string, string>, key: string | null) => {
    if (!file) return false;
    const answer = await send(file, { mapping, key }, false);
    if (!answer?.job) return false;
    trackBulkJob(answer.job, {
      resource: resource.key,
      label: `${label} (${i18n.number(answer.job.total)})`,
      queryClient,
      undo: true,
    });
    return true;
  };

  const reset = () => {
    setFile(null);
    setReport(null);
    setProblem(null);
  };

  return { file, report, busy, problem, check, commit, reset };
}
