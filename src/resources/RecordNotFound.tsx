import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { FileQuestion } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import { MessagePage, messagePageLinkClass } from '@/components/error-pages/MessagePage';
import type { AreaConfig } from './types';

/**
 * A record that is not there (deleted, or an address that names no record): says so and offers its
 * area's list, where the general "Page not found" would send the reader to the dashboard.
 */
export function RecordNotFound({ area }: { area: Pick<AreaConfig, 'paths' | 'title'> }) {
  const { i18n } = useLingui();
  return (
    <MessagePage
      name="record-not-found"
      icon={
        <FileQuestion aria-hidden="true" className="mx-auto size-12 text-slate-600 dark:text-slate-400" />
      }
      title={i18n._(msg`This record does not exist`)}
      text={i18n._(msg`It may have been deleted, or the address is wrong.`)}
    >
      <AppLink to={area.paths.list} className={messagePageLinkClass}>
        {i18n._(msg`Back to ${i18n._(area.title)}`)}
      </AppLink>
    </MessagePage>
  );
}
