/**
 * My Profile → Sessions and devices (docs/security.md, "Sessions and devices"): the account's signed-in
 * devices with their browser, IP, sign-in and last use; this device is marked, every other one can be
 * signed out, one at a time or all at once, after a confirmation.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountSession } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { ConfirmDialog } from '@/components/dialogs';
import { Button } from '@/components/ui';
import { QueryContent } from './QueryContent';
import { call, errorMessage } from '@/lib/api';
import { Badge } from '@/resources/cells';
import { cardClass } from './profile-parts';

const sessionsKey = ['profile-sessions'] as const;

/** What the confirmation is about: one session, or every other one. */
type Ending = { kind: 'one'; session: AccountSession } | { kind: 'others' };

export function SessionsSection() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<Ending | null>(null);
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) => (await call(routes.sessions, { signal })).data,
  });
  const end = useMutation({
    mutationFn: (what: Ending) =>
      what.kind === 'one'
        ? call(routes.endSession, { params: { id: what.session.id } })
        : call(routes.endOtherSessions),
    onSuccess: async (answer) => {
      setEnding(null);
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
  const ask = (what: Ending) => {
    end.reset();
    setEnding(what);
  };
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section aria-labelledby="sessions-title" className={cardClass} data-testid="profile-sessions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sessions-title" className="text-lg font-semibold">
          {i18n._(msg`Sessions and devices`)}
        </h2>
        {others.length > 0 && (
          <Button
            variant="secondary"
            data-testid="sessions-end-others"
            onClick={() => ask({ kind: 'others' })}
          >
            {i18n._(msg`Sign out all other devices`)}
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`Where your account is signed in. Sign out any device you do not recognise, then change your password.`,
        )}
      </p>
      <QueryContent query={sessions}>
        {(data) => (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="sessions-list">
            {data.map((session) => (
              <SessionItem key={session.id} session={session} onEnd={() => ask({ kind: 'one', session })} />
            ))}
          </ul>
        )}
      </QueryContent>
      {ending && (
        <EndDialog
          ending={ending}
          busy={end.isPending}
          error={end.isError ? errorMessage(end.error) : null}
          onClose={() => !end.isPending && setEnding(null)}
          onConfirm={() => end.mutate(ending)}
        />
      )}
    </section>
  );
}

type I18n = ReturnType<typeof useLingui>['i18n'];

function EndDialog({
  ending,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  ending: Ending;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={
        ending.kind === 'one'
          ? i18n._(msg`Sign out ${deviceName(i18n, ending.session)}?`)
          : i18n._(msg`Sign out all other devices?`)
      }
      description={
        ending.kind === 'one'
          ? i18n._(msg`That device is signed out at once and must sign in again to use your account.`)
          : i18n._(msg`Every device but this one is signed out at once and must sign in again.`)
      }
      confirmLabel={i18n._(msg`Sign out`)}
      danger
      busy={busy}
      error={error}
      onConfirm={onConfirm}
    />
  );
}

const deviceName = (i18n: I18n, session: AccountSession) => {
  const device = session.device ?? i18n._(msg`Unknown device`);
  // Isolated (U+2068…U+2069): a left-to-right name inside an Arabic sentence keeps its order.
  return `\u2068${session.browser ? `${device} · ${session.browser}` : device}\u2069`;
};

function SessionItem({ session, onEnd }: { session: AccountSession; onEnd: () => void }) {
  const { i18n } = useLingui();
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="session-item"
      data-current={session.current || undefined}
      data-session={session.id}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {/* Device and browser names are the same in both languages; kept left to right. */}
          <bdi className="font-medium" dir="ltr">
            {session.device ?? i18n._(msg`Unknown device`)}
          </bdi>
          {session.current && <Badge tone="green">{i18n._(msg`This device`)}</Badge>}
        </div>
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700 dark:text-slate-300">
          <dt>{i18n._(msg`Browser`)}</dt>
          <dd>
            <bdi dir="ltr">{session.browser ?? i18n._(msg`Unknown browser`)}</bdi>
          </dd>
          <dt>{i18n._(msg`IP address`)}</dt>
          <dd>
            <bdi dir="ltr">{session.ip ?? '—'}</bdi>
          </dd>
          <dt>{i18n._(msg({ message: 'Signed in', context: 'when a session began' }))}</dt>
          <dd>{when(session.signedInAt)}</dd>
          <dt>{i18n._(msg`Last seen`)}</dt>
          <dd>{when(session.lastSeenAt)}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button variant="secondary" data-testid="session-end" onClick={onEnd}>
          {i18n._(msg`Sign out`)}
        </Button>
      )}
    </li>
  );
}
