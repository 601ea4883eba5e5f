/**
 * The second step of a sign-in (docs/security.md, "Two-factor sign-in"), after the password: a code
 * of the account's authenticator app, or one of its recovery codes. For a role that must sign in
 * with a second factor and has none, the enrolment comes first: the new secret's QR code, a code to
 * confirm it, then the recovery codes, shown once, before the app opens. The challenge lives in this
 * tab's memory (src/app/second-step.ts).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { api } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { endSecondStep, secondStep, type SecondStep } from '@/app/second-step';
import { Alert, Button, FullPageSpinner } from '@/components/ui';
import { ApiError, call, errorMessage } from '@/lib/api';
import type { ResponseOf } from '@/contract/http';
import { BackToSignIn } from './BackToSignIn';
import { AuthLayout, linkClass } from '../AuthLayout';
import { CodeField, codeErrorOf, EnrolmentCard, RecoveryCodes } from './two-factor-parts';

type Answer = ResponseOf<typeof api.loginTwoFactor>;

/** Into the app: / with a full reload, as after a password sign-in (docs/product.md §2). */
const openApp = () => window.location.assign(import.meta.env.BASE_URL);

export function TwoFactorSignInPage() {
  const { i18n } = useLingui();
  // Read once: the route lets this page open only with a challenge in memory.
  const [step] = useState(() => secondStep());
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  if (!step) return null;
  const title = step.enrol ? i18n._(msg`Set up two-factor sign-in`) : i18n._(msg`Two-factor sign-in`);
  return (
    <AuthLayout title={title}>
      {recoveryCodes ? (
        <div className="space-y-4">
          <Alert kind="success">{i18n._(msg`Two-factor sign-in is on for your account.`)}</Alert>
          <RecoveryCodes codes={recoveryCodes} />
          <Button className="w-full" onClick={openApp} data-testid="two-factor-continue">
            {i18n._(msg`I saved them: continue`)}
          </Button>
        </div>
      ) : (
        <CodeStep step={step} onRecoveryCodes={setRecoveryCodes} />
      )}
    </AuthLayout>
  );
}

/** The enrolment's secret (a required role without a second factor), asked once for this challenge. */
function useEnrolment(step: SecondStep) {
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!step.enrol) return;
    let live = true;
    // Kept in this component only: never in the query cache, which is stored on the device.
    call(routes.loginTwoFactorEnrol, { body: { challenge: step.challenge } }).then(
      (answer) => live && setEnrolment(answer.data),
      (caught: unknown) => live && setError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [step]);
  return { enrolment, error, loading: step.enrol && !enrolment && !error };
}

/** Sends the code; a wrong one is said at the field, an ended challenge above the form. */
function useCodeForm(step: SecondStep, onRecoveryCodes: (codes: readonly string[]) => void) {
  const codeRef = useRef<HTMLInputElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; ended: boolean } | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const signedIn = async (answer: Answer) => {
    endSecondStep();
    // As after a password sign-in (src/app/sign-in.ts), loaded once the code is accepted.
    await (await import('@/app/sign-in')).completeSignIn(answer);
    if (answer.recoveryCodes) onRecoveryCodes(answer.recoveryCodes);
    else openApp();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    setCodeError(null);
    try {
      const code = codeRef.current?.value ?? '';
      await signedIn(await call(routes.loginTwoFactor, { body: { challenge: step.challenge, code } }));
    } catch (error) {
      const atField = codeErrorOf(error);
      if (atField) {
        setCodeError(atField);
        codeRef.current?.select();
      } else
        setFailure({
          message: errorMessage(error),
          ended: error instanceof ApiError && error.status === 401,
        });
    } finally {
      setSubmitting(false);
    }
  };
  return { codeRef, submitting, failure, codeError, clearCodeError: () => setCodeError(null), onSubmit };
}

/** The code form (after the enrolment's QR code when the account enrols). */
function CodeStep({
  step,
  onRecoveryCodes,
}: {
  step: SecondStep;
  onRecoveryCodes: (codes: readonly string[]) => void;
}) {
  const { i18n } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const { enrolment, error, loading } = useEnrolment(step);
  const {
    codeRef,
    submitting,
    failure: refused,
    codeError,
    clearCodeError,
    onSubmit,
  } = useCodeForm(step, onRecoveryCodes);
  if (loading) return <FullPageSpinner inline />;
  const failure = refused?.message ?? error;
  return (
    <div className="space-y-4">
      {failure && (
        <Alert kind="error">
          <p data-testid="two-factor-error">{failure}</p>
        </Alert>
      )}
      {enrolment && (
        <>
          <p className="text-sm">
            {i18n._(msg`Your role signs in with a second factor. Set it up now to open the app.`)}
          </p>
          <EnrolmentCard {...enrolment} />
        </>
      )}
      {!refused?.ended && !error && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {!step.enrol && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {recovery
                ? i18n._(
                    msg`Enter one of the recovery codes you saved when you turned two-factor sign-in on.`,
                  )
                : i18n._(
                    msg`Open your authenticator app and enter the 6-digit code it shows for this account.`,
                  )}
            </p>
          )}
          <CodeField
            key={recovery ? 'recovery' : 'code'}
            ref={codeRef}
            recovery={recovery}
            autoFocus
            error={codeError ?? undefined}
            onChange={clearCodeError}
          />
          <Button type="submit" loading={submitting} className="w-full">
            {step.enrol ? i18n._(msg`Turn on and sign in`) : i18n._(msg`Verify`)}
          </Button>
          {!step.enrol && (
            <RecoverySwitch
              recovery={recovery}
              onSwitch={() => {
                setRecovery((on) => !on);
                clearCodeError();
              }}
            />
          )}
        </form>
      )}
      <BackToSignIn onClick={endSecondStep} className="" />
    </div>
  );
}

/** "Use a recovery code" instead of the app's code, and back. */
function RecoverySwitch({ recovery, onSwitch }: { recovery: boolean; onSwitch: () => void }) {
  const { i18n } = useLingui();
  return (
    <button
      type="button"
      className={`${linkClass} mx-auto block`}
      aria-pressed={recovery}
      data-testid="use-recovery-code"
      onClick={onSwitch}
    >
      {recovery ? i18n._(msg`Use a code from the app`) : i18n._(msg`Use a recovery code`)}
    </button>
  );
}
