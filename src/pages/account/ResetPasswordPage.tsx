/**
 * The mailed link's screen (docs/decisions/0062-forgotten-password.md): the link carries the e-mail
 * and the code in its fragment (never sent to a server), so only the new password is asked for. The
 * fragment leaves the address bar as soon as it is read.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui';
import { BackToSignIn } from './BackToSignIn';
import { AuthLayout, linkClass } from '../AuthLayout';
import { ResetDone, ResetPasswordForm } from './ResetPasswordForm';

const fromLink = () => {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  return email && /^[0-9]{6}$/.test(code) ? { email, code } : null;
};

/** @public (a lazily loaded route component) */
export function ResetPasswordPage() {
  const { i18n } = useLingui();
  const [link] = useState(fromLink);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
  }, []);

  return (
    <AuthLayout title={done ? i18n._(msg`Password changed`) : i18n._(msg`Set a new password`)}>
      {!link ? (
        <Alert kind="error">
          <p>
            {i18n._(msg`This link is incomplete. Open the link from the mail again, or ask for a new code.`)}
          </p>
          <Link to="/password/forgot" className={`${linkClass} mt-2 inline-block`}>
            {i18n._(msg`Ask for a new code`)}
          </Link>
        </Alert>
      ) : done ? (
        <ResetDone email={link.email} message={done} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`Choose a new password for`)}{' '}
            <bdi className="font-medium" data-testid="reset-email">
              {link.email}
            </bdi>
          </p>
          <ResetPasswordForm email={link.email} code={link.code} onDone={setDone} />
        </div>
      )}
      {!done && <BackToSignIn />}
    </AuthLayout>
  );
}
