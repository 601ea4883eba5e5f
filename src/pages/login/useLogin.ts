/**
 * The login form's state (src/pages/login/LoginPage.tsx): the client's checks and their texts, the
 * server's field errors and refusal, and the submit that signs in.
 */
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { keepSecondStep } from '@/app/second-step';
import type { api } from '@/contract';
import { plainRoutes, type Language } from '@/contract/plain';
import { ApiError, call, endpointRef, errorMessage } from '@/lib/api';
import {
  problemTexts,
  validateLogin,
  type LoginErrors,
  type LoginForm,
  type LoginProblems,
  type MessageTable,
} from './login-checks';
import { forgetRegisteredEmail } from './registered-email';

/** The contract's `api.login`, without its schemas: zod stays out of the login page (docs/decisions/0010-signed-in-first-load.md). */
const loginEndpoint = endpointRef<typeof api.login>(plainRoutes.login);

/** The server's refusal of a sign-in, shown above the form. */
export type LoginFailure = { status: number; message: string };

/** The contract's message table, loaded on demand once the client's checks find a problem. */
function useMessageTable(hasProblems: boolean) {
  const [table, setTable] = useState<MessageTable>();
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
  return table;
}

/** The fields the server named in its refusal, with its texts. */
function serverFieldErrors(error: unknown): LoginErrors {
  const server: LoginErrors = {};
  if (error instanceof ApiError)
    for (const [field, text] of Object.entries(error.fieldErrors)) {
      if (field === 'email' || field === 'password') server[field] = text;
    }
  return server;
}

interface LoginState {
  onSignedIn: () => void;
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
}

export function useLogin({ onSignedIn, emailRef, passwordRef }: LoginState) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // After a first submit, the fields are checked again as they change (as a form library would).
  const [submitted, setSubmitted] = useState(false);
  /** What the client's checks found; their texts come from the contract's table, loaded on demand. */
  const [problems, setProblems] = useState<LoginProblems>({});
  /** The server's field errors (already in the reader's language), until the fields change. */
  const [serverErrors, setServerErrors] = useState<LoginErrors>({});

  const hasProblems = Boolean(problems.email || problems.password);
  const table = useMessageTable(hasProblems);
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
      if ('challenge' in answer) {
        // A second factor: its own screen, the challenge kept in memory (src/app/second-step.ts).
        keepSecondStep(answer);
        await navigate({ to: '/login/two-factor' });
        return;
      }
      // The sign-in steps load once the password is accepted: not part of the first load (ADR 0010).
      await (await import('@/app/sign-in')).completeSignIn(answer);
      forgetRegisteredEmail();
      onSignedIn();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // Said once (docs/product.md §8): at the fields when the server named them, else above the form.
      const server = serverFieldErrors(error);
      setServerErrors(server);
      if (!server.email && !server.password) setFailure({ status, message: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  /** "Sign in with a passkey": its flow loads on the press (src/pages/account/passkey-sign-in.ts). */
  const onPasskey = async () => {
    if (submitting || passkeyBusy) return;
    setFailure(null);
    setPasskeyBusy(true);
    try {
      if (await (await import('@/pages/account/passkey-sign-in')).signInWithPasskey()) {
        forgetRegisteredEmail();
        onSignedIn();
      }
    } catch (error) {
      setFailure({ status: error instanceof ApiError ? error.status : 0, message: errorMessage(error) });
    } finally {
      setPasskeyBusy(false);
    }
  };

  return { errors, failure, submitting, passkeyBusy, onChange, onSubmit, onPasskey };
}
