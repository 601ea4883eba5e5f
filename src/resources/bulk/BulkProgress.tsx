import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { X } from 'lucide-react';
import { dismissBulkJob, useBulkJobs, type TrackedJob } from '@/app/bulk-jobs';

/**
 * The bulk jobs of this area followed on this device: a progress bar while the server works (the
 * user may leave: a notice tells the end), then what was done and why rows were refused.
 */
export function BulkProgress({ resource }: { resource: string }) {
  const jobs = useBulkJobs(resource);
  if (!jobs.length) return null;
  return (
    <div className="space-y-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      {jobs.map((t) => (
        <JobProgress key={t.job.id} tracked={t} />
      ))}
    </div>
  );
}

function JobProgress({ tracked }: { tracked: TrackedJob }) {
  const { i18n } = useLingui();
  const { job, label, refusals } = tracked;
  const processed = job.done + job.unchanged + job.refused;
  const finished = job.state === 'finished';
  return (
    <div data-testid="bulk-progress" data-state={job.state} className="text-sm">
      <div className="flex items-center gap-2">
        <span className="font-medium">{label}</span>
        <span
          className="text-slate-600 dark:text-slate-400"
          aria-live="polite"
          data-testid="bulk-progress-text"
        >
          {finished
            ? i18n._(msg`${job.done} done, ${job.unchanged} already so, ${job.refused} refused`)
            : i18n._(msg`${processed} of ${job.total}`)}
        </span>
        {finished && (
          <button
            type="button"
            onClick={() => dismissBulkJob(job.id)}
            aria-label={i18n._(msg`Dismiss`)}
            className="ms-auto inline-flex size-8 items-center justify-center rounded hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <progress
        className="mt-1 h-2 w-full accent-indigo-600"
        max={job.total}
        value={processed}
        aria-label={label}
      />
      {finished && refusals.length > 0 && (
        <details className="mt-1" data-testid="bulk-refusals">
          <summary className="cursor-pointer text-red-700 dark:text-red-400">
            {i18n._(msg`Why ${refusals.length} rows were refused`)}
          </summary>
          <ul className="mt-1 list-disc ps-5">
            {refusals.map((r) => (
              <li key={r.id}>
                #{r.id}: {r.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
