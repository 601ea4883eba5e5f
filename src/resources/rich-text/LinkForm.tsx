import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { Button, inputClass } from '@/components/ui';
import { isAllowedLink } from './links';

/** The address of a link, checked as the server checks it. */
export function LinkForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [href, setHref] = useState(initial || 'https://');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (!isAllowedLink(href)) {
      setError(i18n._(msg`Enter an address that starts with https:// or mailto:.`));
      return;
    }
    onApply(href.trim());
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-60 flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {i18n._(msg`Link address`)}
        </label>
        <input
          id={id}
          type="url"
          dir="ltr"
          autoFocus
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(Boolean(error))}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <Button variant="secondary" onClick={apply}>
        {i18n._(msg`Apply link`)}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {i18n._(msg`Cancel`)}
      </Button>
    </div>
  );
}
