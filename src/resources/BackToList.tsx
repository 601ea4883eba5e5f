import { useLingui } from '@lingui/react';
import { ArrowLeft } from 'lucide-react';
import { AppLink } from '@/components/AppLink';
import type { AreaConfig } from './types';

/** The link back to an area's list at the top of its form and read view (mirrored in Arabic). */
export function BackToList({ area }: { area: Pick<AreaConfig, 'paths' | 'title'> }) {
  const { i18n } = useLingui();
  return (
    <AppLink
      to={area.paths.list}
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {i18n._(area.title)}
    </AppLink>
  );
}
