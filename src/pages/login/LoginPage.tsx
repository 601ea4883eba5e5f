/**
 * Login (docs/product.md §2): "Email Id" (plain text, required) and "Password" (required); the Login button shows
 * a small spinner while submitting; after success the session is stored and the app reloads at /.
 * Throttling (429), pending approval and blocked accounts (403) show the server's message; after a
 * 401 the screen says why the session ended (docs/product.md §4).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { api } from '@/contract';
import type { MESSAGES } from '@/contract/messages';
import { plainRoutes, type Language } from '@/contract/plain';
import { useSession } from '@/app/session';
import { Alert, Button, TextField } from '@/components/ui';
import { ApiError, call, endpointRef, errorMessage } from '@/lib/api';
import { AuthLayout, linkClass } from '../AuthLayout';
import { forgetRegisteredEmail, registeredEmail } from './registered-email';

const route = getRouteApi('/login');

/** The contract's `api.login`, without its schemas: zod stays out of the login page (docs/decisions/0010-signed-in-first-load.md). */
const loginEndpoint = endpointRef<typeof api.login>(plainRoutes.login);

type LoginForm = { email: string; password: string };
type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** Limits of the contract's `loginBody`. */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;

/** A problem of a field, as a key of the contract's message table (`MESSAGES`). */
type Problem = { key: 'required' } | { key: 'maxChars'; n: number };
type LoginProblems = Partial<Record<keyof LoginForm, Problem>>;

/**
 * The two fields checked as the contract's `loginBody` checks them (required, at most so long; the
 * e-mail trimmed and lower-cased). The server checks them again: its field errors show too.
 */
export function validateLogin(values: LoginForm): { values: LoginForm; problems: LoginProblems } {
  const email = values.email.trim().toLowerCase();
  const problems: LoginProblems = {};
  if (email === '') problems.email = { key: 'required' };
  else if (email.length > EMAIL_MAX) problems.email = { key: 'maxChars', n: EMAIL_MAX };
  if (values.password === '') problems.password = { key: 'required' };
  else if (values.password.length > PASSWORD_MAX) problems.password = { key: 'maxChars', n: PASSWORD_MAX };
  return { values: { email, password: values.password }, problems };
}

type MessageTable = typeof MESSAGES;

/**
 * The texts of `problems` in `language`, from the contract's message table (the server's words for
 * the same problems). The page loads the table with the first problem: its first load does not carry
 * it (docs/decisions/0010-signed-in-first-load.md).
 */
export function problemTexts(problems: LoginProblems, language: Language, table: MessageTable): LoginErrors {
  const text = (problem: Problem) =>
    table[problem.key][language].replace('{n}', problem.key === 'maxChars' ? String(problem.n) : '');
  return {
    email: problems.email && text(problems.email),
    password: problems.password && text(problems.password),
  };
}

/** Where the app goes after a login: / with a full reload (docs/product.md §2). */
export const goHomeAndReload = () => window.location.assign(import.meta.env.BASE_URL);

export function LoginPage({ onSignedIn = goHomeAndReload }: { onSignedIn?: () => void }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { registered } = route.useSearch();
  // After a registration the e-mail is filled in: the user types only the password.
  const [emailAfterRegistration] = useState(() => (registered ? registeredEmail() : ''));
  /** Why the last session ended (expired, account blocked), until this sign-in fails or succeeds. */
  const { endedBecause } = useSession();
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // After a first submit, the fields are checked again as they change (as a form library would).
  const [submitted, setSubmitted] = useState(false);
  /** What the client's checks found; their texts come from the contract's table, loaded on demand. */
  const [problems, setProblems] = useState<LoginProblems>({});
  const [table, setTable] = useState<MessageTable>();
  /** The server's field errors (already in the reader's language), until the fields change. */
  const [serverErrors, setServerErrors] = useState<LoginErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const hasProblems = Boolean(problems.email || problems.password);
  useEffect(() => {
    if (!hasProblems || table) return;
    let live = true;
    import('@/contract/messages').then(
      ({ MESSAGES }) => {
        if (live) setTable(MESSAGES);
      },
      () => undefined, // Not loaded: the fields are still refused (focus, no call), without a text.
    );
    return () => {
      live = false;
    };
  }, [hasProblems, table]);
  const errors: LoginErrors = hasProblems
    ? table
      ? problemTexts(problems, language, table)
      : {}
    : serverErrors;

  const current = (): LoginForm => ({
    email: emailRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });

  const onChange = () => {
    if (!submitted) return;
    setProblems(validateLogin(current()).problems);
    setServerErrors({});
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const checked = validateLogin(current());
    setProblems(checked.problems);
    setServerErrors({});
    if (checked.problems.email || checked.problems.password) {
      (checked.problems.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await call(loginEndpoint, { body: checked.values });
      // The sign-in steps load once the password is accepted: not part of the first load (ADR 0010).
      await (await import('@/app/sign-in')).completeSignIn(answer);
      forgetRegisteredEmail();
      onSignedIn();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // Said once (docs/product.md §8): at the fields when the server named them, else above the form.
      const server: LoginErrors = {};
      if (error instanceof ApiError)
        for (const [field, text] of Object.entries(error.fieldErrors)) {
          if (field === 'email' || field === 'password') server[field] = text;
        }
      setServerErrors(server);
      if (!server.email && !server.password) setFailure({ status, message: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={i18n._(msg`Sign in`)}>
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
        <Button type="submit" loading={submitting} className="w-full">
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
