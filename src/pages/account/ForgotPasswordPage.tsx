/**
 * Forgot password (docs/decisions/0062-forgotten-password.md), from the sign-in screen's link: the
 * e-mail, then on the same screen the code from the mail and a new password (./ResetPasswordForm.tsx).
 * The server answers every address alike, so the screen moves on whatever the address.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordBody } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Alert, Button, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { call } from '@/lib/api';
import { BackToSignIn } from './BackToSignIn';
import { AuthLayout, linkClass } from '../AuthLayout';
import { mapFieldErrors } from '../profile/profile-parts';
import { ResetDone, ResetPasswordForm } from './ResetPasswordForm';

/** Asks for a code for `email`: the server's answer; a refusal is said in a notice and thrown. */
const askForCode = async (email: string) => {
  try {
    return (await call(routes.passwordForgot, { body: { email } })).message;
  } catch (error) {
    notify.error(error);
    throw error;
  }
};

/** @public (a lazily loaded route component) */
export function ForgotPasswordPage() {
  const { i18n } = useLingui();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const resend = async (email: string) => {
    setResending(true);
    try {
      setSent({ email, message: await askForCode(email) });
    } catch {
      // Said in the notice; the code already sent still works.
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthLayout title={done ? i18n._(msg`Password changed`) : i18n._(msg`Forgot your password?`)}>
      {done && sent ? (
        <ResetDone email={sent.email} message={done} />
      ) : sent ? (
        <div className="space-y-4">
          <Alert kind="info">
            <p data-testid="reset-code-sent">{sent.message}</p>
          </Alert>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`Enter the code from the mail and a new password.`)}
          </p>
          <ResetPasswordForm email={sent.email} onDone={setDone} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="secondary" loading={resending} onClick={() => void resend(sent.email)}>
              {i18n._(msg`Send a new code`)}
            </Button>
            <button type="button" className={`${linkClass} text-sm`} onClick={() => setSent(null)}>
              {i18n._(msg`Use another e-mail`)}
            </button>
          </div>
        </div>
      ) : (
        <EmailStep onSent={(email, message) => setSent({ email, message })} />
      )}
      {!done && <BackToSignIn />}
    </AuthLayout>
  );
}

/** The account's e-mail, and Send code. */
function EmailStep({ onSent }: { onSent: (email: string, message: string) => void }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      onSent(email, await askForCode(email));
    } catch (error) {
      mapFieldErrors(error, ['email'], setError);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`Enter the e-mail of your account. We will mail it a 6-digit code and a link to set a new password.`,
        )}
      </p>
      <TextField
        label={i18n._(msg`Email`)}
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        aria-required="true"
        error={fieldMessage(errors.email?.message)}
        {...register('email')}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {i18n._(msg`Send code`)}
      </Button>
    </form>
  );
}
