import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Select } from '@/components/Select';
import { RequiredMark } from '../field-parts';
import type { ImportField } from '@/contract/import';

/** Each field's column, changeable by hand, and the key whose match makes a row an update. */
export function ImportMapping({
  fields,
  headers,
  mapping,
  onMapping,
  keys,
  chosenKey,
  onKey,
  lang,
}: {
  fields: ImportField[];
  headers: string[];
  mapping: Record<string, string>;
  onMapping: (mapping: Record<string, string>) => void;
  keys: string[];
  chosenKey: string | null;
  onKey: (key: string | null) => void;
  lang: 'en' | 'ar';
}) {
  const { i18n } = useLingui();
  const id = useId();
  const set = (key: string, header: string) => {
    const next = { ...mapping };
    if (header) next[key] = header;
    else delete next[key];
    onMapping(next);
  };
  return (
    <fieldset className="space-y-2" data-testid="import-mapping">
      <legend className="text-sm font-medium">{i18n._(msg`Columns`)}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((f) => (
          <div key={f.key} className="text-sm">
            <label htmlFor={`${id}-${f.key}`} className="mb-1 block">
              {f.label[lang]}
              {f.required && <RequiredMark />}
            </label>
            <Select
              id={`${id}-${f.key}`}
              value={mapping[f.key] ?? ''}
              onChange={(next) => set(f.key, next)}
              empty={i18n._(msg`Not imported`)}
              options={headers.map((h) => ({ value: h, label: h }))}
              testId={`import-map-${f.key}`}
            />
          </div>
        ))}
      </div>
      {keys.length > 0 && (
        <div className="text-sm">
          <label htmlFor={`${id}-key`} className="mb-1 block">
            {i18n._(msg`When a row matches a record by`)}
          </label>
          <Select
            id={`${id}-key`}
            value={chosenKey ?? ''}
            onChange={(next) => onKey(next || null)}
            empty={i18n._(msg`Nothing: every row creates a record`)}
            options={keys.map((k) => ({
              value: k,
              label: i18n._(msg`${fields.find((f) => f.key === k)?.label[lang] ?? k}: update that record`),
            }))}
            testId="import-key"
          />
        </div>
      )}
    </fieldset>
  );
}
