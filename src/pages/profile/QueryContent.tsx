import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';

/** A profile card's read: a spinner while it comes, the error if it fails, else what `children` draws of it. */
export function QueryContent<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner className="mt-3 size-5" />;
  if (query.isError)
    return (
      <Alert kind="error" className="mt-3">
        {errorMessage(query.error)}
      </Alert>
    );
  return children(query.data);
}
