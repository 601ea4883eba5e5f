import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { linkClass } from '../AuthLayout';

/** The way back from the account screens (forgotten password, reset, the second step) to the sign-in screen. */
export function BackToSignIn({ onClick, className = 'mt-6' }: { onClick?: () => void; className?: string }) {
  const { i18n } = useLingui();
  return (
    <p className={`${className} text-center text-sm`}>
      <Link to="/login" className={linkClass} onClick={onClick}>
        {i18n._(msg`Back to sign in`)}
      </Link>
    </p>
  );
}
