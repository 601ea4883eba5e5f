import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cx, inputClass } from '@/components/ui';

const SEARCH_DEBOUNCE_MS = 350;

export function SearchBox({
  value,
  hint,
  onChange,
}: {
  value: string;
  hint: string;
  onChange: (q: string) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [text, setText] = useState(value);
  // The URL changed elsewhere (back button, "clear"): the box follows.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });
  return (
    <div className="w-full min-w-0 space-y-1 sm:w-64">
      <label htmlFor={id} className="block text-sm font-medium">
        {i18n._(msg`Search`)}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-2 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          title={hint}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
          className={cx(inputClass(false), 'ps-8')}
          data-testid="list-search"
        />
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {hint}
      </p>
    </div>
  );
}
