/**
 * The last step of a forgotten password (docs/decisions/0062-forgotten-password.md): the mailed code
 * (unless the mail's link brought it), the new password twice, under the rules of every password
 * (src/contract/common.ts `password`); then the server's word and the way to the sign-in screen,
 * with the e-mail filled in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN, resetPasswordBody } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Alert, Button, PasswordField, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { call } from '@/lib/api';
import { linkClass } from '../AuthLayout';
import { rememberRegisteredEmail } from '../login/registered-email';
import { ConfirmPasswordField, withConfirmation } from '../profile/password-confirm';
import { mapFieldErrors } from '../profile/profile-parts';

const schema = withConfirmation(resetPasswordBody.pick({ code: true, newPassword: true }));
type ResetForm = { code: string; newPassword: string; confirmPassword: string };

export function ResetPasswordForm({
  email,
  code,
  onDone,
}: {
  email: string;
  /** The code the mail's link brought: no code field then. */
  code?: string;
  /** The server's answer once the password is set. */
  onDone: (message: string) => void;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(schema),
    defaultValues: { code: code ?? '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ code: typed, newPassword }) => {
    try {
      const answer = await call(routes.passwordReset, { body: { email, code: typed, newPassword } });
      onDone(answer.message);
    } catch (error) {
      mapFieldErrors(error, ['code', 'newPassword'], setError);
      notify.error(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {/* Lets password managers pair the new password with the account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <CodeInput
        fromLink={code !== undefined}
        error={fieldMessage(errors.code?.message)}
        field={register('code')}
      />
      <PasswordField
        label={i18n._(msg`New password`)}
        autoComplete="new-password"
        required
        aria-required="true"
        hint={i18n._(msg`At least ${PASSWORD_MIN} characters.`)}
        error={fieldMessage(errors.newPassword?.message)}
        {...register('newPassword')}
      />
      <ConfirmPasswordField error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {i18n._(msg`Set new password`)}
      </Button>
    </form>
  );
}

/**
 * The mailed code: a field, or, when the link brought it, nothing but its refusal (a used or expired
 * link) with the way to a new code.
 */
function CodeInput({
  fromLink,
  error,
  field,
}: {
  fromLink: boolean;
  error: string | undefined;
  field: UseFormRegisterReturn<'code'>;
}) {
  const { i18n } = useLingui();
  if (!fromLink)
    return (
      <TextField
        label={i18n._(msg`Code from the mail`)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        aria-required="true"
        error={error}
        {...field}
      />
    );
  if (!error) return null;
  return (
    <Alert kind="error">
      <p data-testid="reset-code-error">{error}</p>
      <Link to="/password/forgot" className={`${linkClass} mt-2 inline-block`}>
        {i18n._(msg`Ask for a new code`)}
      </Link>
    </Alert>
  );
}

/** The password is set: the server's word, and on to the sign-in screen with the e-mail filled in. */
export function ResetDone({ email, message }: { email: string; message: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const signIn = () => {
    rememberRegisteredEmail(email);
    void navigate({ to: '/login', search: { reset: true } });
  };
  return (
    <div className="space-y-4">
      <Alert kind="success">
        <p data-testid="reset-done">{message}</p>
      </Alert>
      <Button className="w-full" onClick={signIn} autoFocus>
        {i18n._(msg`Sign in`)}
      </Button>
    </div>
  );
}
