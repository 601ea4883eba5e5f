/**
 * My Profile → Notifications (docs/decisions/0007-notifications-and-push.md): which automatic notifications the user receives. Written
 * notifications from staff always arrive.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KINDS_BY_ROLE, MUTABLE_KINDS, type NotificationKind } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { useSession } from '@/app/session';
import { Button } from '@/components/ui';
import { QueryContent } from './QueryContent';
import { call } from '@/lib/api';

type Mutable = (typeof MUTABLE_KINDS)[number];

const KIND_TEXT: Record<Mutable, MessageDescriptor> = {
  provider_registered: msg`A service provider registers and waits for approval`,
  event_submitted: msg`An event is submitted for approval`,
  ad_submitted: msg`An advertisement is submitted for approval`,
  event_decided: msg`My event is approved or rejected`,
  ad_decided: msg`My advertisement is approved or rejected`,
  booking_cancelled: msg`A booking of my event is cancelled`,
};

const settingsKey = ['notification-settings'] as const;

export function NotificationSettings({ className }: { className: string }) {
  const { role } = useSession();
  const kinds = role ? KINDS_BY_ROLE[role] : [];
  // A role that receives no automatic notification has nothing to set here.
  return kinds.length === 0 ? null : <SettingsSection className={className} kinds={kinds} />;
}

function SettingsSection({ className, kinds }: { className: string; kinds: readonly Mutable[] }) {
  const { i18n } = useLingui();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => (await call(routes.notificationSettings, { signal })).data,
  });
  return (
    <section
      aria-labelledby="notification-settings-title"
      className={className}
      data-testid="notification-settings"
    >
      <h2 id="notification-settings-title" className="text-lg font-semibold">
        {i18n._(msg`Notifications`)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`Tell me when… (notifications written by staff always arrive)`)}
      </p>
      <QueryContent query={settings}>
        {(data) => <SettingsForm key={data.muted.join()} initial={data.muted} kinds={kinds} />}
      </QueryContent>
    </section>
  );
}

function SettingsForm({ initial, kinds }: { initial: NotificationKind[]; kinds: readonly Mutable[] }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [muted, setMuted] = useState<Set<NotificationKind>>(() => new Set(initial));
  const save = useMutation({
    mutationFn: () =>
      call(routes.notificationSettingsUpdate, {
        body: { muted: MUTABLE_KINDS.filter((kind) => muted.has(kind)) },
      }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: settingsKey });
    },
    onError: (error) => notify.error(error),
  });
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {kinds.map((kind) => (
        <label key={kind} className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={!muted.has(kind)}
            data-testid={`notify-${kind}`}
            onChange={(event) => {
              const next = new Set(muted);
              if (event.target.checked) next.delete(kind);
              else next.add(kind);
              setMuted(next);
            }}
          />
          {i18n._(KIND_TEXT[kind])}
        </label>
      ))}
      <Button
        type="submit"
        className="mt-2"
        loading={save.isPending}
        data-testid="notification-settings-save"
      >
        {i18n._(msg`Save`)}
      </Button>
    </form>
  );
}
