/**
 * Login (docs/product.md §2): "Email Id" (plain text, required) and "Password" (required); the Login button shows
 * a small spinner while submitting; after success the session is stored and the app reloads at /.
 * Throttling (429), pending approval and blocked accounts (403) show the server's message; after a
 * 401 the screen says why the session ended (docs/product.md §4). "Sign in with a passkey" (where the
 * browser has WebAuthn) signs in with no e-mail nor password; its flow loads when it is pressed.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useSession } from '@/app/session';
import { Alert, Button, TextField } from '@/components/ui';
import { AuthLayout, linkClass } from '../AuthLayout';
import { registeredEmail } from './registered-email';
import { useLogin, type LoginFailure } from './useLogin';

const route = getRouteApi('/login');

/** Where the app goes after a login: / with a full reload (docs/product.md §2). */
export const goHomeAndReload = () => window.location.assign(import.meta.env.BASE_URL);

export function LoginPage({ onSignedIn = goHomeAndReload }: { onSignedIn?: () => void }) {
  const { i18n } = useLingui();
  const { registered, reset } = route.useSearch();
  // After a registration or a password reset the e-mail is filled in: the user types only the password.
  const [emailAfterRegistration] = useState(() => (registered || reset ? registeredEmail() : ''));
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { errors, failure, submitting, passkeyBusy, onChange, onSubmit, onPasskey } = useLogin({
    onSignedIn,
    emailRef,
    passwordRef,
  });

  return (
    <AuthLayout title={i18n._(msg`Sign in`)}>
      <LoginNotices registered={registered} failure={failure} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          label={i18n._(msg`Email Id`)}
          type="text"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-required="true"
          name="email"
          defaultValue={emailAfterRegistration}
          ref={emailRef}
          onChange={onChange}
          error={errors.email}
        />
        <TextField
          label={i18n._(msg`Password`)}
          type="password"
          autoComplete="current-password"
          required
          aria-required="true"
          name="password"
          ref={passwordRef}
          onChange={onChange}
          error={errors.password}
        />
        <Link to="/password/forgot" className={`${linkClass} block text-end text-sm`}>
          {i18n._(msg`Forgot password?`)}
        </Link>
        <Button type="submit" loading={submitting} className="w-full">
          {i18n._(msg`Login`)}
        </Button>
      </form>
      {typeof window.PublicKeyCredential === 'function' && (
        <Button
          variant="secondary"
          loading={passkeyBusy}
          className="mt-3 w-full"
          data-testid="passkey-sign-in"
          onClick={() => void onPasskey()}
        >
          {i18n._(msg`Sign in with a passkey`)}
        </Button>
      )}
      <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`New service provider?`)}{' '}
        <Link to="/registration" className={linkClass}>
          {i18n._(msg`Create an account`)}
        </Link>
      </p>
    </AuthLayout>
  );
}

/**
 * Above the form: the account just registered waits for approval; the server's refusal of this
 * sign-in, or else why the last session ended.
 */
function LoginNotices({ registered, failure }: { registered?: boolean; failure: LoginFailure | null }) {
  const { i18n } = useLingui();
  /** Why the last session ended (expired, account blocked), until this sign-in fails or succeeds. */
  const { endedBecause } = useSession();
  return (
    <>
      {registered && (
        <Alert kind="success" className="mb-4">
          {i18n._(
            msg`Your account was created and waits for approval. You can sign in once an administrator approves it.`,
          )}
        </Alert>
      )}
      {failure ? (
        <Alert kind="error" className="mb-4">
          <p data-testid="login-error" data-status={failure.status}>
            {failure.message}
          </p>
        </Alert>
      ) : (
        endedBecause && (
          <Alert kind="info" className="mb-4">
            <p data-testid="session-ended">{endedBecause}</p>
          </Alert>
        )
      )}
    </>
  );
}
