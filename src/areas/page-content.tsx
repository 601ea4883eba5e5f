/**
 * A page's content in its read view: the reader's language's rich text, shown by the editor the form
 * uses, read-only and loaded only here (the server sanitised it; the editor's schema shows no more
 * than the form could write); the social links page's named links instead.
 */
import { lazy, Suspense, useId } from 'react';
import { SOCIAL_LINKS_SLUG } from '@/contract';
import { Spinner } from '@/components/ui';
import { localizedText } from '@/resources/cells';
import type { RenderContext } from '@/resources/types';
import type { Page } from './page';

const RichTextEditor = lazy(() => import('@/resources/RichTextEditor'));

export function PageContent({ row, ctx }: { row: Page; ctx: RenderContext }) {
  const labelId = useId();
  if (row.slug === SOCIAL_LINKS_SLUG)
    return row.links.length === 0 ? (
      <>—</>
    ) : (
      <ul className="space-y-1" data-testid="page-links">
        {row.links.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              rel="noopener noreferrer"
              className="text-indigo-700 underline dark:text-indigo-300"
            >
              {localizedText(link.name, ctx.language)}
            </a>
          </li>
        ))}
      </ul>
    );
  const language = row.content[ctx.language] ? ctx.language : 'en';
  const html = row.content[language];
  if (!html) return <>—</>;
  return (
    <Suspense fallback={<Spinner />}>
      <span id={labelId} hidden>
        {localizedText(row.title, ctx.language)}
      </span>
      <RichTextEditor
        readOnly
        value={html}
        onChange={() => {}}
        label=""
        labelId={labelId}
        language={language}
        testId="page-content"
      />
    </Suspense>
  );
}
