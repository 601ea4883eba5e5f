/**
 * The frame the details screens of the areas share: the record's loading states (not found, not saved
 * here, loading, could not load) in front of its content, and a titled card for each section.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { RecordNotFound } from '@/resources/RecordNotFound';
import type { AreaConfig } from '@/resources/types';
import { cardClass, DetailsSkeleton, RecordLoadError } from '@/resources/DetailsPage';
import { NotSavedHere, useNotSavedHere } from '@/resources/NotSavedHere';
import { failedToLoad } from '@/resources/queries';

/** The record's content once `details` (read only when `id` is one) has its data. */
export function LoadedDetails<T>({
  id,
  details,
  area,
  children,
}: {
  id: number | null;
  details: UseQueryResult<T>;
  /** The area whose record it is: a missing one offers its list. */
  area?: Pick<AreaConfig, 'paths' | 'title'>;
  children: (data: T) => ReactNode;
}) {
  const notSaved = useNotSavedHere(details);
  if (id === null) return area ? <RecordNotFound area={area} /> : <NotFoundPage />;
  if (notSaved) return <NotSavedHere onRetry={() => void details.refetch()} />;
  if (details.isPending) return <DetailsSkeleton />;
  if (failedToLoad(details) || details.data === undefined)
    return <RecordLoadError error={details.error} retry={() => void details.refetch()} area={area} />;
  return children(details.data);
}

/** A section of a details screen: a card headed by its title (`titleId` labels the section). */
export function DetailsCard({
  titleId,
  title,
  testId,
  children,
}: {
  titleId: string;
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={cardClass} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a details query (`(id) => queryOptions(…)`) reads: the data its screen shows. */
export type DetailsData<Q extends (id: number) => { queryFn?: unknown }> = Awaited<
  ReturnType<Extract<NonNullable<ReturnType<Q>['queryFn']>, (...args: never[]) => unknown>>
>;
