/** Small pieces the form's inputs share: where a field's error is, the label look, hint and error lines. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import {
  get,
  useController,
  useFormContext,
  type ControllerRenderProps,
  type FieldError,
  type FieldErrors,
} from 'react-hook-form';
import { cx } from '@/components/ui';
import { MAX_IMAGE_BYTES } from '@/contract/limits';

/**
 * Uploads need the server: offline they are refused at once with this message, not queued (files of
 * up to 5 MB would crowd the device's outbox; see docs/decisions/0008).
 */
export const OFFLINE_UPLOAD = msg`Images can be added only while online: the upload needs the server. Try again when the connection returns.`;

/** Images the server takes (its upload endpoints check the content too). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = MAX_IMAGE_BYTES;

export const errorAt = (errors: FieldErrors, name: string): string | undefined =>
  (get(errors, name) as FieldError | undefined)?.message;

/**
 * The mark of a required field on its label, shown before Save (docs/decisions/0081-one-control-family.md
 * §4): an asterisk the eye reads. A text input says "required" to screen readers by its own
 * `required` state (see `marked`); other controls' labels add the word (RequiredMark).
 */
const RequiredStar = () => (
  <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400" data-testid="required-mark">
    *
  </span>
);

/** A text input's label, with the star when the input is `required`. */
export const marked = (label: string, required?: boolean): ReactNode =>
  required ? (
    <>
      {label}
      <RequiredStar />
    </>
  ) : (
    label
  );

/**
 * The required mark of a label whose control cannot say "required" itself (a select's or a date's
 * trigger, a group of inputs): the star, and for screen readers the word.
 */
export function RequiredMark() {
  const { i18n } = useLingui();
  return (
    <>
      <RequiredStar />
      <span className="sr-only"> {i18n._(msg`(required)`)}</span>
    </>
  );
}

export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/**
 * The hint and the error under an input, with the ids its `aria-describedby` names. The hint is not
 * shown while the field shows its error (docs/decisions/0081-one-control-family.md §4).
 */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}

/** `aria-describedby` for an input with these notes. */
export const describedBy = (id: string, hint?: string, error?: string) =>
  [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/**
 * A control bound to the form by react-hook-form's controller (its value survives options arriving
 * after the form mounts), in the field's frame: the label, the control, the hint and the error.
 */
export function ControlledField({
  name,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** Marked on the label (the form's schema refuses it empty). */
  required?: boolean;
  className?: string;
  children: (control: { id: string; field: ControllerRenderProps; describedBy?: string }) => ReactNode;
}) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const id = useId();
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({ id, field, describedBy: describedBy(id, hint, error) })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
