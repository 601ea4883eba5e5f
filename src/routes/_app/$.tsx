import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/pages/NotFoundPage';

/** Any other path, signed in: "page not found" inside the shell. */
export const Route = createFileRoute('/_app/$')({
  codeSplitGroupings: [['loader']],
  component: NotFoundPage,
});
