import { Link } from '@tanstack/react-router';

/**
 * Links to a path of the app. Area paths are plain strings built from the SPEC's routes and may carry
 * a query (`/user-details?id=7`), which becomes the link's search.
 */
export function AppLink({
  to,
  ...rest
}: {
  to: string;
  className?: string;
  children: React.ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
  ref?: React.Ref<HTMLAnchorElement>;
}) {
  const [path = '/', query] = to.split('?');
  const search = query ? Object.fromEntries(new URLSearchParams(query)) : undefined;
  return <Link to={path as '/'} search={search as never} {...rest} />;
}
