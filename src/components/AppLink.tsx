import { Link } from '@tanstack/react-router';

/** An app path with an optional query (`/user-details?id=7`) as the router's `to` and `search`. */
export const linkTarget = (to: string) => {
  const [path = '/', query] = to.split('?');
  return {
    to: path as '/',
    search: (query ? Object.fromEntries(new URLSearchParams(query)) : undefined) as never,
  };
};

/**
 * Links to a path of the app. Area paths are plain strings built from the product's routes and may carry
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
  return <Link {...linkTarget(to)} {...rest} />;
}
