/**
 * Inputs of fields that hold several values: an image gallery with a cover (uploads one by one
 * with progress), a set of records chosen by checkboxes, and a list of named https links.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ArrowDown, ArrowUp, ImagePlus, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { profileImageUrl } from '@/app/session';
import { Button, cx, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { errorMessage } from '@/lib/api';
import { uploadFile } from '@/lib/transfer';
import { connectionState } from '@/app/connection';
import {
  describedBy,
  errorAt,
  FieldNotes,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  labelClass,
  OFFLINE_UPLOAD,
} from './field-parts';
import { usePickerChoices } from './pickers';
import type { AreaField } from './types';

type Of<K extends AreaField['kind']> = AreaField & { kind: K };

export function GalleryInput({ field, className }: { field: Of<'gallery'>; className?: string }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const images = useController({ name: field.name, control });
  const cover = useController({ name: field.cover, control });
  const id = useId();
  const [progress, setProgress] = useState<{ done: number; of: number; part: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const paths = (Array.isArray(images.field.value) ? images.field.value : []) as string[];
  const coverPath = (cover.field.value as string | null) ?? paths[0] ?? null;
  const label = i18n._(field.label);
  const room = field.max - paths.length;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    if (connectionState() !== 'online') {
      setProblem(i18n._(OFFLINE_UPLOAD));
      return;
    }
    const wrong = chosen.find((file) => !IMAGE_TYPES.includes(file.type));
    const large = chosen.find((file) => file.size > IMAGE_MAX_BYTES);
    if (wrong || large) {
      setProblem(
        wrong
          ? i18n._(msg`${wrong.name}: choose JPEG, PNG or WebP images.`)
          : i18n._(msg`${large?.name ?? ''}: an image may be at most 5 MB.`),
      );
      return;
    }
    if (chosen.length > room) {
      setProblem(i18n._(msg`At most ${field.max} images: you can add ${room} more.`));
      return;
    }
    setProblem(null);
    const added: string[] = [];
    try {
      for (const [index, file] of chosen.entries()) {
        setProgress({ done: index, of: chosen.length, part: 0 });
        const answer = (await uploadFile(field.upload, file, {
          onProgress: (part) => setProgress({ done: index, of: chosen.length, part }),
        })) as { data: { path: string } };
        added.push(answer.data.path);
      }
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setProgress(null);
      // What was uploaded before a failure is kept.
      if (added.length) images.field.onChange([...paths, ...added]);
    }
  };

  const remove = (path: string) => {
    const next = paths.filter((p) => p !== path);
    images.field.onChange(next);
    if (cover.field.value === path) cover.field.onChange(null);
  };
  const moveBy = (index: number, delta: number) => {
    const next = [...paths];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + delta, 0, item);
    images.field.onChange(next);
  };

  const error = problem ?? fieldMessage(errorAt(errors, field.name));
  const hint = i18n._(
    msg`JPEG, PNG or WebP, up to 5 MB each; at most ${field.max} images. The cover is shown first.`,
  );
  return (
    <fieldset className={cx('space-y-2', className)} aria-describedby={describedBy(id, hint, error)}>
      <legend className={labelClass}>{label}</legend>
      {paths.length > 0 ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          data-testid={`gallery-${field.name}`}
        >
          {paths.map((path, index) => {
            const isCover = path === coverPath;
            const number = index + 1;
            return (
              <li
                key={path}
                className={cx(
                  'space-y-2 rounded-lg border p-2',
                  isCover
                    ? 'border-indigo-500 ring-2 ring-indigo-500/40'
                    : 'border-slate-200 dark:border-slate-700',
                )}
              >
                <img
                  src={profileImageUrl(path)}
                  alt={i18n._(msg`Image ${number}`)}
                  className="aspect-video w-full rounded object-cover"
                  loading="lazy"
                />
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-cover`}
                    className="size-4 accent-indigo-600"
                    checked={isCover}
                    onChange={() => cover.field.onChange(path)}
                  />
                  <Star
                    aria-hidden="true"
                    className={cx('size-4', isCover ? 'text-amber-500' : 'text-slate-400')}
                  />
                  {i18n._(msg`Cover`)}
                </label>
                <ItemControls
                  axis="row"
                  index={index}
                  count={paths.length}
                  onMove={(delta) => moveBy(index, delta)}
                  onRemove={() => remove(path)}
                  labels={{
                    back: i18n._(msg`Move image ${number} earlier`),
                    forward: i18n._(msg`Move image ${number} later`),
                    remove: i18n._(msg`Remove image ${number}`),
                  }}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`No images yet.`)}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          multiple
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => void add(event)}
          className="peer sr-only"
          data-testid={`field-${field.name}`}
          disabled={progress !== null || room <= 0}
        />
        <label
          htmlFor={id}
          className={cx(
            'inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
            room <= 0 || progress !== null
              ? 'cursor-not-allowed opacity-60'
              : 'cursor-pointer hover:bg-slate-100 dark:hover:bg-slate-700',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {i18n._(msg`Add images`)}
        </label>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {i18n._(msg`${paths.length} of ${field.max}`)}
        </span>
        {progress !== null && (
          <progress
            className="block h-2 w-48"
            max={progress.of}
            value={progress.done + progress.part}
            aria-label={i18n._(msg`Uploading image ${progress.done + 1} of ${progress.of}`)}
            data-testid="upload-progress"
          />
        )}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

export function MultiReferenceInput({
  field,
  parentInForm,
  parentLabel,
  className,
}: {
  field: Of<'multireference'>;
  parentInForm: boolean;
  parentLabel?: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  const parent = useWatch({ name: field.dependsOn ?? '__none__', disabled: !field.dependsOn }) as unknown;
  const parentValue = field.dependsOn && parentInForm ? String(parent ?? '') : undefined;
  const waiting = parentInForm && Boolean(field.dependsOn) && !parentValue;
  const { choices, isLoading, isError } = usePickerChoices(field.source, parentValue, !waiting);
  return (
    <CheckboxGroup
      name={field.name}
      label={i18n._(field.label)}
      choices={choices}
      busy={isLoading}
      waiting={waiting}
      hint={
        waiting
          ? i18n._(msg`Choose the ${parentLabel ?? ''} first.`)
          : isError
            ? i18n._(msg`The choices could not be loaded.`)
            : field.hint
              ? i18n._(field.hint)
              : undefined
      }
      className={className}
    />
  );
}

/** Checkboxes for a field holding several values; values not among the choices stay listed. */
export function CheckboxGroup({
  name,
  label,
  hint,
  choices,
  busy = false,
  waiting = false,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  choices: readonly { value: string; label: string }[];
  busy?: boolean;
  waiting?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const { field: controlled } = useController({ name, control });
  const id = useId();
  const chosen = new Set((Array.isArray(controlled.value) ? controlled.value : []) as string[]);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    controlled.onChange([...next]);
  };
  const unknown = [...chosen].filter((value) => !choices.some((c) => c.value === value));
  const error = fieldMessage(errorAt(errors, name));
  return (
    <fieldset
      className={cx('space-y-2', className)}
      aria-describedby={describedBy(id, hint, error)}
      aria-busy={busy || undefined}
      data-testid={`field-${name}`}
    >
      <legend className={labelClass}>{label}</legend>
      {!waiting && !busy && choices.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`None to choose from.`)}</p>
      )}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {[...choices, ...unknown.map((value) => ({ value, label: `#${value}` }))].map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={chosen.has(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

export function LinksInput({ field, className }: { field: Of<'links'>; className?: string }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext();
  const { fields: rows, append, remove, move } = useFieldArray({ control, name: field.name });
  const id = useId();
  const label = i18n._(field.label);
  const listError = fieldMessage(errorAt(errors, field.name));
  const at = (name: string) => fieldMessage(errorAt(errors, name));
  return (
    <fieldset className={cx('space-y-3', className)} data-testid={`field-${field.name}`}>
      <legend className={labelClass}>{label}</legend>
      {rows.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`No links yet.`)}</p>
      )}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const base = `${field.name}.${index}`;
          const number = index + 1;
          return (
            <li
              key={row.id}
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
                count={rows.length}
                onMove={(delta) => move(index, index + delta)}
                onRemove={() => remove(index)}
                labels={{
                  back: i18n._(msg`Move link ${number} up`),
                  forward: i18n._(msg`Move link ${number} down`),
                  remove: i18n._(msg`Remove link ${number}`),
                }}
              />
            </li>
          );
        })}
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

/**
 * Move earlier / later and remove, for one item of a list field. `row`: the items run along the
 * reading direction (a gallery), so the arrows point along it and mirror in Arabic; `column`: up/down.
 */
function ItemControls({
  axis,
  index,
  count,
  onMove,
  onRemove,
  labels,
}: {
  axis: 'row' | 'column';
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  labels: { back: string; forward: string; remove: string };
}) {
  const arrow = axis === 'row' ? 'size-4 -rotate-90 rtl:rotate-90' : 'size-4';
  const size = axis === 'row' ? 'min-h-9 px-2' : 'min-h-10 px-2';
  return (
    <div className={cx('flex gap-1', axis === 'column' && 'items-end')}>
      <Button
        variant="ghost"
        className={size}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={labels.back}
      >
        <ArrowUp aria-hidden="true" className={arrow} />
      </Button>
      <Button
        variant="ghost"
        className={size}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={labels.forward}
      >
        <ArrowDown aria-hidden="true" className={arrow} />
      </Button>
      <Button
        variant="ghost"
        className={cx(size, 'text-red-700 dark:text-red-400', axis === 'row' && 'ms-auto')}
        onClick={onRemove}
        aria-label={labels.remove}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
