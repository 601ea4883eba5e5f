/** The input of a list of named https links: each link's names and address, ordered by hand. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, cx, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { errorAt, FieldNotes, labelClass } from '../field-parts';
import type { AreaField } from '../types';
import { ItemControls } from './ItemControls';

export function LinksInput({
  field,
  className,
}: {
  field: AreaField & { kind: 'links' };
  className?: string;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const { fields: rows, append, remove, move } = useFieldArray({ control, name: field.name });
  const id = useId();
  const label = i18n._(field.label);
  const listError = fieldMessage(errorAt(errors, field.name));
  return (
    <fieldset className={cx('space-y-3', className)} data-testid={`field-${field.name}`}>
      <legend className={labelClass}>{label}</legend>
      {rows.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`No links yet.`)}</p>
      )}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <LinkRow
            key={row.id}
            base={`${field.name}.${index}`}
            index={index}
            count={rows.length}
            onMove={(delta) => move(index, index + delta)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <Button
        variant="secondary"
        disabled={rows.length >= field.max}
        onClick={() => append({ name: { en: '', ar: '' }, url: 'https://' }, { shouldFocus: true })}
        data-testid="add-link"
      >
        <Plus aria-hidden="true" className="size-4" />
        {i18n._(msg`Add link`)}
      </Button>
      <FieldNotes
        id={id}
        hint={i18n._(msg`At most ${field.max} links; each address starts with https://.`)}
        error={listError}
      />
    </fieldset>
  );
}

/** One link of a LinksInput (`base`: its path in the form): its names, its address, its place. */
function LinkRow({
  base,
  index,
  count,
  onMove,
  onRemove,
}: {
  base: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const at = (name: string) => fieldMessage(errorAt(errors, name));
  const number = index + 1;
  return (
    <li
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1.5fr_auto] dark:border-slate-700"
      data-testid="link-row"
    >
      <TextField
        label={i18n._(msg`Name (English)`)}
        lang="en"
        dir="ltr"
        error={at(`${base}.name.en`)}
        {...register(`${base}.name.en`)}
      />
      <TextField
        label={i18n._(msg`Name (Arabic)`)}
        lang="ar"
        dir="rtl"
        error={at(`${base}.name.ar`)}
        {...register(`${base}.name.ar`)}
      />
      <TextField
        label={i18n._(msg`Address (https://…)`)}
        type="url"
        dir="ltr"
        inputMode="url"
        placeholder="https://"
        error={at(`${base}.url`)}
        {...register(`${base}.url`)}
      />
      <ItemControls
        axis="column"
        index={index}
        count={count}
        onMove={onMove}
        onRemove={onRemove}
        labels={{
          back: i18n._(msg`Move link ${number} up`),
          forward: i18n._(msg`Move link ${number} down`),
          remove: i18n._(msg`Remove link ${number}`),
        }}
      />
    </li>
  );
}
