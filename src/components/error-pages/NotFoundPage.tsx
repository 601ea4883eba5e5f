import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { FileQuestion } from 'lucide-react';
import { MessagePage, messagePageLinkClass } from './MessagePage';

/** An unknown path (shown inside the shell when signed in). */
export function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <MessagePage
      name="not-found"
      icon={
        <FileQuestion aria-hidden="true" className="mx-auto size-12 text-slate-600 dark:text-slate-400" />
      }
      title={i18n._(msg`Page not found`)}
      text={i18n._(msg`There is no page at this address. Check the address or go back to the dashboard.`)}
    >
      <Link to="/" className={messagePageLinkClass}>
        {i18n._(msg`Back to the dashboard`)}
      </Link>
    </MessagePage>
  );
}
