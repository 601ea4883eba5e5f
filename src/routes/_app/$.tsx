import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

/** Any other path, signed in: "page not found" inside the shell. */
export const Route = createFileRoute('/_app/$')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/components/error-pages/NotFoundPage'), 'NotFoundPage'),
});
