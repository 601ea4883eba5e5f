import type { ReactNode } from 'react';

/** The link of a message page: its one way on. */
export const messagePageLinkClass =
  'mt-6 inline-block font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300';

/**
 * A page that says why there is nothing to show (an unknown address, no access, a record that is not
 * there), its icon above, and one way on (`children`, a link of `messagePageLinkClass`).
 */
export function MessagePage({
  name,
  icon,
  title,
  text,
  children,
}: {
  /** Names its heading (`<name>-title`) and its test id. */
  name: string;
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${name}-title`}
      className="mx-auto max-w-lg py-12 text-center"
      data-testid={name}
    >
      {icon}
      <h1 id={`${name}-title`} className="mt-4 text-2xl font-semibold">
        {title}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{text}</p>
      {children}
    </section>
  );
}
