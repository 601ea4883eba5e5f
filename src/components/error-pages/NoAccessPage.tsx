import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';
import { MessagePage, messagePageLinkClass } from './MessagePage';

/** A route whose permission the user lacks (docs/architecture.md §4: shown instead of the page). */
export function NoAccessPage() {
  const { i18n } = useLingui();
  return (
    <MessagePage
      name="no-access"
      icon={<ShieldX aria-hidden="true" className="mx-auto size-12 text-amber-600 dark:text-amber-400" />}
      title={i18n._(msg`No access`)}
      text={i18n._(
        msg`Your account does not have permission to open this page. Ask an administrator if you need it.`,
      )}
    >
      <Link to="/" className={messagePageLinkClass}>
        {i18n._(msg`Back to the dashboard`)}
      </Link>
    </MessagePage>
  );
}
