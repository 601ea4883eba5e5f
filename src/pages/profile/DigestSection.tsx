/**
 * My Profile → Morning digest (docs/decisions/0072-staff-digests.md): a staff member switches on a
 * mail at 07:00 on the clock they choose (the platform's until they do), with what waits for them,
 * in their language. Door accounts have none.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { DIGEST_ROLES, type DigestSettings, type Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { COUNTRY_TIME_ZONES } from '@/contract/time-zones';
import { FORMAT_LOCALES } from '@/app/i18n';
import { notify } from '@/app/notify';
import { useSession } from '@/app/session';
import { Select } from '@/components/Select';
import { Button } from '@/components/ui';
import { QueryContent } from './QueryContent';
import { call } from '@/lib/api';
import { zoneLabel } from '@/lib/zone-label';

const digestKey = ['profile-digest'] as const;

export function DigestSection({ className }: { className: string }) {
  const { role } = useSession();
  const staff = (DIGEST_ROLES as readonly string[]).includes(role ?? '');
  return staff ? <DigestCard className={className} /> : null;
}

function DigestCard({ className }: { className: string }) {
  const { i18n } = useLingui();
  const settings = useQuery({
    queryKey: digestKey,
    queryFn: async ({ signal }) => (await call(routes.profileDigest, { signal })).data,
  });
  return (
    <section aria-labelledby="digest-title" className={className} data-testid="digest-settings">
      <h2 id="digest-title" className="text-lg font-semibold">
        {i18n._(msg`Morning digest`)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`One mail at 07:00 with what waits for you: approvals, tomorrow’s events and yesterday’s sales, in your language.`,
        )}
      </p>
      <QueryContent query={settings}>
        {(data) => <DigestForm key={`${data.enabled}-${data.timeZone}`} initial={data} />}
      </QueryContent>
    </section>
  );
}

/** The region's zones, the browser's own and the one chosen, each once. */
function useZones(chosen: string) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  return useMemo(() => {
    const now = new Date();
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zones = [...new Set([chosen, own, ...Object.values(COUNTRY_TIME_ZONES), 'UTC'])];
    return zones.map((zone) => ({ zone, label: zoneLabel(now, zone, language, FORMAT_LOCALES[language]) }));
  }, [chosen, language]);
}

function DigestForm({ initial }: { initial: DigestSettings }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const zoneId = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const zones = useZones(initial.timeZone);
  const save = useMutation({
    mutationFn: () => call(routes.profileDigestUpdate, { body: { enabled, timeZone } }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      queryClient.setQueryData(digestKey, answer.data);
    },
    onError: (error) => notify.error(error),
  });
  const next = initial.nextAt
    ? i18n.date(new Date(initial.nextAt), {
        timeZone: initial.timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      })
    : null;
  return (
    <form
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          checked={enabled}
          data-testid="digest-enabled"
          onChange={(event) => setEnabled(event.target.checked)}
        />
        {i18n._(msg`Send me the morning digest`)}
      </label>
      <div className="max-w-sm">
        <label htmlFor={zoneId} className="mb-1 block text-sm font-medium">
          {i18n._(msg`At 07:00 on the clock of`)}
        </label>
        <Select
          id={zoneId}
          value={timeZone}
          onChange={setTimeZone}
          options={zones.map((z) => ({ value: z.zone, label: z.label }))}
          testId="digest-zone"
        />
      </div>
      {next && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="digest-next">
          {i18n._(msg`Next digest: ${next}`)}
        </p>
      )}
      <Button type="submit" loading={save.isPending} data-testid="digest-save">
        {i18n._(msg`Save`)}
      </Button>
    </form>
  );
}
