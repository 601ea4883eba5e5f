/**
 * /invitation?token=… (docs/decisions/0063-invitations.md): the page an invitation mail links to. It
 * looks the invitation up by its token (in a POST body), shows whose account it is, asks for the
 * new password (the app's password rules) and then sends the invitee to sign in. A link that
 * expired, was withdrawn or replaced, or was used says so, with the server's words, and asks for a
 * new invitation. No sign-in is needed.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { localizeMessage, password as passwordRule, PASSWORD_MIN, type Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { dateTime, localizedText } from '@/lib/format';
import { ApiError, call, errorMessage } from '@/lib/api';
import { Alert, Button, FullPageSpinner, PasswordField } from '@/components/ui';
import { AuthLayout, linkClass } from '../AuthLayout';

type Invitation = { name: { en: string; ar: string }; email: string; expiresAt: string };
type Lookup =
  { state: 'loading' } | { state: 'found'; invitation: Invitation } | { state: 'failed'; error: unknown };

/**
 * The invitation of `token`, looked up once (and again on Retry). The page is outside the signed-in
 * shell, which holds the query client: a plain effect.
 */
function useInvitation(token: string): [Lookup, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  useEffect(() => {
    if (token === '') return;
    let live = true;
    call(routes.invitationLookup, { body: { token } }).then(
      (answer) => live && setLookup({ state: 'found', invitation: answer.data }),
      (error: unknown) => live && setLookup({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);
  const retry = () => {
    setLookup({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
  return [lookup, retry];
}

const route = getRouteApi('/invitation');

export function InvitationPage() {
  const { i18n } = useLingui();
  const search: Record<string, unknown> = route.useSearch();
  const token = typeof search.token === 'string' && search.token.length <= 200 ? search.token : '';
  const [lookup, retry] = useInvitation(token);
  const [done, setDone] = useState(false);

  let content;
  if (token === '' || lookup.state === 'failed') {
    const error = lookup.state === 'failed' ? lookup.error : null;
    content = (
      <LinkProblem
        text={
          error === null
            ? i18n._(
                msg`This page needs the link from your invitation mail. Open the link in the mail, or ask whoever invited you for a new invitation.`,
              )
            : error instanceof ApiError
              ? (error.fieldErrors.token ?? error.message)
              : errorMessage(error)
        }
        retry={error === null || error instanceof ApiError ? undefined : retry}
      />
    );
  } else if (lookup.state === 'loading') content = <FullPageSpinner inline />;
  else if (done)
    content = (
      <div data-testid="invitation-done" className="space-y-4">
        <Alert kind="success">
          <p>{i18n._(msg`Your password is set. Sign in with your email and this password.`)}</p>
        </Alert>
        <Link to="/login" className={buttonLinkClass} data-testid="invitation-sign-in">
          {i18n._(msg`Sign in`)}
        </Link>
      </div>
    );
  else content = <SetPassword token={token} invitation={lookup.invitation} onDone={() => setDone(true)} />;

  return <AuthLayout title={i18n._(msg`Set your password`)}>{content}</AuthLayout>;
}

const buttonLinkClass =
  'inline-flex min-h-10 w-full items-center justify-center rounded-md bg-indigo-700 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-800 dark:bg-indigo-500 dark:hover:bg-indigo-400';

/** The link is of no use: why, and what to do (ask for a new one, or sign in). */
function LinkProblem({ text, retry }: { text: string; retry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-4" data-testid="invitation-problem">
      <Alert kind="error">
        <p>{text}</p>
        {retry && (
          <Button variant="secondary" className="mt-3" onClick={retry}>
            {i18n._(msg`Retry`)}
          </Button>
        )}
      </Alert>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`Already set your password?`)}{' '}
        <Link to="/login" className={linkClass}>
          {i18n._(msg`Sign in`)}
        </Link>
      </p>
    </div>
  );
}

/** Whose account it is, and its new password. */
function SetPassword({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: Invitation;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = localizedText(invitation.name, language);
  const until = dateTime(invitation.expiresAt, { i18n });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('password') ?? '');
    const checked = passwordRule.safeParse(value);
    if (!checked.success) {
      setProblem(localizeMessage(checked.error.issues[0]!.message, language));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await call(routes.invitationAccept, { body: { token, password: value } });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) setProblem(error.fieldErrors.password);
      else
        setFailure(
          error instanceof ApiError ? (error.fieldErrors.token ?? error.message) : errorMessage(error),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      data-testid="invitation-form"
    >
      <Invitee name={name} email={invitation.email} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`You were invited to the Events Back Office. Choose your password; this link works until ${until}.`,
        )}
      </p>
      {failure && (
        <Alert kind="error">
          <p>{failure}</p>
        </Alert>
      )}
      {/* The account's e-mail for password managers, which save it with the new password. */}
      <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
      <PasswordField
        label={i18n._(msg`New password`)}
        name="password"
        autoComplete="new-password"
        required
        aria-required="true"
        hint={i18n._(msg`At least ${i18n.number(PASSWORD_MIN)} characters.`)}
        error={problem}
        onChange={() => setProblem(undefined)}
      />
      <Button type="submit" loading={busy} className="w-full" data-testid="invitation-submit">
        {i18n._(msg`Set password`)}
      </Button>
    </form>
  );
}

/** Whose account the invitation is for. */
function Invitee({ name, email }: { name: string; email: string }) {
  const { i18n } = useLingui();
  return (
    <dl className="space-y-1 rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-700 dark:text-slate-300">{i18n._(msg`Name`)}</dt>
        <dd className="font-medium" data-testid="invitation-name">
          {name}
        </dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-700 dark:text-slate-300">{i18n._(msg`Email`)}</dt>
        <dd className="font-medium break-all" dir="ltr" data-testid="invitation-email">
          {email}
        </dd>
      </div>
    </dl>
  );
}
