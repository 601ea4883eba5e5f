/**
 * Login (SPEC §2): "Email Id" (plain text, required) and "Password" (required); the Login button shows
 * a small spinner while submitting; after success the session is stored and the app reloads at /.
 * Throttling (429), pending approval and blocked accounts (403) show the server's message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api, loginBody } from '@/contract';
import { completeSignIn } from '@/app/auth';
import { Alert, Button, TextField, useFieldMessage } from '@/components/ui';
import { ApiError, call, errorMessage } from '@/lib/api';
import { AuthLayout, linkClass } from '../AuthLayout';
import { notify } from '@/app/notify';

const route = getRouteApi('/login');

type LoginForm = { email: string; password: string };

/** Where the app goes after a login: / with a full reload (SPEC §2). */
export const goHomeAndReload = () => window.location.assign(import.meta.env.BASE_URL);

export function LoginPage({ onSignedIn = goHomeAndReload }: { onSignedIn?: () => void }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const { registered } = route.useSearch();
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await call(api.login, { body: values });
      await completeSignIn(answer);
      onSignedIn();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setFailure({ status, message: errorMessage(error) });
      notify.error(error);
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fieldErrors)) {
          if (field === 'email' || field === 'password') setError(field, { message: text });
        }
      }
    }
  });

  return (
    <AuthLayout title={i18n._(msg`Sign in`)}>
      {registered && (
        <Alert kind="success" className="mb-4">
          {i18n._(
            msg`Your account was created and waits for approval. You can sign in once an administrator approves it.`,
          )}
        </Alert>
      )}
      {failure && (
        <Alert kind="error" className="mb-4">
          <p data-testid="login-error" data-status={failure.status}>
            {failure.message}
          </p>
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={i18n._(msg`Email Id`)}
          type="text"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-required="true"
          error={fieldMessage(errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={i18n._(msg`Password`)}
          type="password"
          autoComplete="current-password"
          required
          aria-required="true"
          error={fieldMessage(errors.password?.message)}
          {...register('password')}
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          {i18n._(msg`Login`)}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`New service provider?`)}{' '}
        <Link to="/registration" className={linkClass}>
          {i18n._(msg`Create an account`)}
        </Link>
      </p>
    </AuthLayout>
  );
}
