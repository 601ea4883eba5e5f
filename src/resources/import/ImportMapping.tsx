import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { inputClass } from '@/components/ui';
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
          <label key={f.key} className="block text-sm">
            <span className="mb-1 block">
              {f.label[lang]}
              {f.required && <span aria-hidden="true"> *</span>}
            </span>
            <select
              className={inputClass(false)}
              value={mapping[f.key] ?? ''}
              onChange={(e) => set(f.key, e.target.value)}
              data-testid={`import-map-${f.key}`}
            >
              <option value="">{i18n._(msg`Not imported`)}</option>
              {headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {keys.length > 0 && (
        <label className="block text-sm">
          <span className="mb-1 block">{i18n._(msg`When a row matches a record by`)}</span>
          <select
            className={inputClass(false)}
            value={chosenKey ?? ''}
            onChange={(e) => onKey(e.target.value || null)}
            data-testid="import-key"
          >
            <option value="">{i18n._(msg`Nothing: every row creates a record`)}</option>
            {keys.map((k) => (
              <option key={k} value={k}>
                {i18n._(msg`${fields.find((f) => f.key === k)?.label[lang] ?? k}: update that record`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
