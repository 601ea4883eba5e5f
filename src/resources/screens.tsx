/**
 * An area's route components, made once from its config: the list, the add/edit form and the read
 * view. Route files load them on demand (lazyPage) and say where the record's id comes from.
 */
import { Navigate, useParams, useSearch } from '@tanstack/react-router';
import { RecordNotFound } from './RecordNotFound';
import { DetailsPage } from './DetailsPage';
import { FormPage } from './FormPage';
import { ListPage } from './ListPage';
import type { BaseRecord } from './queries';
import type { AreaConfig } from './types';

/** A record id of a path or search param: a positive integer, else null. */
export const parseId = (raw: unknown): number | null => {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
};

export interface FormRoute {
  /** The path param of the id (`id`, the supervisor's `userId`). */
  param?: string;
  /**
   * `either`: no id (or "new") adds, an id edits (/country/add/{id?});
   * `create`: always adds; `edit`: needs an id, else back to the list.
   */
  mode?: 'either' | 'create' | 'edit';
}

export function areaPages<T extends BaseRecord>(area: AreaConfig<T>) {
  function List() {
    return <ListPage area={area} />;
  }

  function formPage({ param = 'id', mode = 'either' }: FormRoute = {}) {
    return function Form() {
      const params = useParams({ strict: false }) as Record<string, string | undefined>;
      const raw = params[param];
      if (mode === 'create') return <FormPage area={area} id={null} />;
      if (raw === undefined || raw === '' || raw === 'new') {
        return mode === 'edit' ? (
          <Navigate to={area.paths.list as '/'} replace />
        ) : (
          <FormPage area={area} id={null} />
        );
      }
      const id = parseId(raw);
      return id === null ? <RecordNotFound area={area} /> : <FormPage key={id} area={area} id={id} />;
    };
  }

  /** The read view with the id in a path param, or in the search (`/user-details?id=7`). */
  function detailsPage(from: { param: string } | { search: string } = { param: 'id' }) {
    return function Details() {
      const params = useParams({ strict: false }) as Record<string, string | undefined>;
      const search = useSearch({ strict: false }) as Record<string, unknown>;
      const id = parseId('param' in from ? params[from.param] : search[from.search]);
      return id === null ? <RecordNotFound area={area} /> : <DetailsPage key={id} area={area} id={id} />;
    };
  }

  return { List, formPage, detailsPage };
}
