/**
 * My Profile → Two-factor sign-in (docs/security.md, "Two-factor sign-in"): whether the account signs
 * in with a code of an authenticator app; turning it on (the secret's QR code, a code to confirm it,
 * then ten recovery codes shown once), turning it off with a current code (or a recovery code), and
 * new recovery codes. The secret and the codes stay in this component's memory: never in the query
 * cache, which is kept on the device.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { TwoFactorStatus } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Alert, Button, Spinner } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { Badge } from '@/resources/cells';
import { CodeField, codeErrorOf, EnrolmentCard, RecoveryCodes } from '../account/two-factor-parts';
import { cardClass } from './profile-parts';

const statusKey = ['profile-two-factor'] as const;

/** What the section shows below its status. */
type Stage =
  | { kind: 'idle' }
  | { kind: 'enrolling'; secret: string; uri: string }
  | { kind: 'codes'; codes: readonly string[] }
  | { kind: 'asking'; what: 'disable' | 'renew' };

export function TwoFactorSection() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const status = useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => (await call(routes.twoFactor, { signal })).data,
  });
  const done = async (next: Stage, message?: string) => {
    setStage(next);
    if (message) notify.success(message);
    await queryClient.invalidateQueries({ queryKey: statusKey });
  };
  const start = async () => {
    setStarting(true);
    try {
      const answer = await call(routes.twoFactorSetup);
      setStage({ kind: 'enrolling', ...answer.data });
    } catch (error) {
      notify.error(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <section aria-labelledby="two-factor-title" className={cardClass} data-testid="profile-two-factor">
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {i18n._(msg`Two-factor sign-in`)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`With it on, signing in needs your password and a code from an authenticator app on your phone.`,
        )}
      </p>
      <div className="mt-3 space-y-4">
        {status.isPending ? (
          <Spinner className="size-5" />
        ) : status.isError ? (
          <Alert kind="error">{errorMessage(status.error)}</Alert>
        ) : stage.kind === 'enrolling' ? (
          <Enrol
            enrolment={stage}
            onCancel={() => setStage({ kind: 'idle' })}
            onDone={(codes, message) => void done({ kind: 'codes', codes }, message)}
          />
        ) : stage.kind === 'codes' ? (
          <>
            <RecoveryCodes codes={stage.codes} />
            <Button onClick={() => setStage({ kind: 'idle' })} data-testid="recovery-codes-done">
              {i18n._(msg`Done`)}
            </Button>
          </>
        ) : (
          <Current
            status={status.data}
            asking={stage.kind === 'asking' ? stage.what : null}
            starting={starting}
            onStart={() => void start()}
            onAsk={(what) => setStage(what ? { kind: 'asking', what } : { kind: 'idle' })}
            onDone={(next, message) => void done(next, message)}
          />
        )}
      </div>
    </section>
  );
}

/** Sends a code with `send`; a wrong one is said at the field. */
function CodeForm({
  submitLabel,
  danger = false,
  send,
  onCancel,
}: {
  submitLabel: string;
  danger?: boolean;
  send: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const codeRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setCodeError(null);
    try {
      await send(codeRef.current?.value ?? '');
    } catch (error) {
      const atField = codeErrorOf(error);
      if (atField) setCodeError(atField);
      else notify.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="max-w-sm space-y-3">
      <CodeField
        ref={codeRef}
        autoFocus
        error={codeError ?? undefined}
        onChange={() => setCodeError(null)}
        {...(danger
          ? {
              label: i18n._(msg`Code from your authenticator app, or a recovery code`),
              inputMode: 'text',
              maxLength: 11,
            }
          : {})}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {i18n._(msg`Cancel`)}
        </Button>
      </div>
    </form>
  );
}

function Enrol({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: { secret: string; uri: string };
  onCancel: () => void;
  onDone: (codes: readonly string[], message: string) => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <EnrolmentCard {...enrolment} />
      <p className="text-sm">{i18n._(msg`Then enter the 6-digit code the app shows to confirm.`)}</p>
      <CodeForm
        submitLabel={i18n._(msg`Turn on`)}
        onCancel={onCancel}
        send={async (code) => {
          const answer = await call(routes.twoFactorConfirm, { body: { code } });
          onDone(answer.data.recoveryCodes, answer.message);
        }}
      />
    </>
  );
}

function Current({
  status,
  asking,
  starting,
  onStart,
  onAsk,
  onDone,
}: {
  status: TwoFactorStatus;
  asking: 'disable' | 'renew' | null;
  starting: boolean;
  onStart: () => void;
  onAsk: (what: 'disable' | 'renew' | null) => void;
  onDone: (next: Stage, message: string) => void;
}) {
  const { i18n } = useLingui();
  if (!status.enabled)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="grey">{i18n._(msg`Off`)}</Badge>
        <Button onClick={onStart} loading={starting} data-testid="two-factor-start">
          {i18n._(msg`Turn on two-factor sign-in`)}
        </Button>
      </div>
    );
  const since = i18n.date(new Date(status.enabledAt!), { dateStyle: 'long' });
  const left = i18n.number(status.recoveryCodesLeft);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="two-factor-on">
        <Badge tone="green">{i18n._(msg`On`)}</Badge>
        <span>{i18n._(msg`Since ${since}`)}</span>
        <span>{i18n._(msg`Recovery codes left: ${left}`)}</span>
      </div>
      {status.required && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {i18n._(msg`Your role must sign in with a second factor: it cannot be turned off.`)}
        </p>
      )}
      {asking === 'disable' ? (
        <CodeForm
          danger
          submitLabel={i18n._(msg`Turn off`)}
          onCancel={() => onAsk(null)}
          send={async (code) =>
            onDone({ kind: 'idle' }, (await call(routes.twoFactorDisable, { body: { code } })).message)
          }
        />
      ) : asking === 'renew' ? (
        <CodeForm
          submitLabel={i18n._(msg`Make new recovery codes`)}
          onCancel={() => onAsk(null)}
          send={async (code) => {
            const answer = await call(routes.twoFactorRecoveryCodes, { body: { code } });
            onDone({ kind: 'codes', codes: answer.data.recoveryCodes }, answer.message);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onAsk('renew')} data-testid="two-factor-renew">
            {i18n._(msg`New recovery codes`)}
          </Button>
          {!status.required && (
            <Button variant="secondary" onClick={() => onAsk('disable')} data-testid="two-factor-disable">
              {i18n._(msg`Turn off`)}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
