/** Small shared building blocks: buttons, form fields, spinners. */
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import {
  forwardRef,
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';

export const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300 disabled:text-indigo-900 dark:disabled:bg-indigo-950 dark:disabled:text-indigo-200',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a small spinner and keeps the button from being pressed again. */
  loading?: boolean;
}

/** The look of a `Button` of `variant`, for a link that leads where a button would act. */
export const buttonClass = (variant: Variant = 'primary', className?: string) =>
  cx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    className,
  );

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', loading = false, disabled, className, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass(variant, className)}
      {...rest}
    >
      {loading && <Loader2 aria-hidden="true" data-testid="button-spinner" className="size-4 animate-spin" />}
      {children}
    </button>
  );
});

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cx('animate-spin', className)} />;
}

/** The spinner shown while the role or a page part loads (docs/product.md §2 Loading). */
export function FullPageSpinner({ inline = false }: { inline?: boolean }) {
  const { i18n } = useLingui();
  return (
    <div
      role="status"
      data-testid="full-page-spinner"
      className={cx('flex w-full items-center justify-center', inline ? 'min-h-[60vh]' : 'min-h-dvh')}
    >
      <Spinner className="size-10 text-indigo-600 dark:text-indigo-300" />
      <span className="sr-only">{i18n._(msg`Loading…`)}</span>
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Content after the input, inside its row (a button, an icon). */
  end?: ReactNode;
  /** Content inside the input box at its end (a check mark, a show/hide toggle). */
  adornment?: ReactNode;
}

/**
 * The text input's box, which every control of the family shares (./Select.tsx). Greyed only when
 * `readOnly` is said: a button matches :read-only too (the date field's box, a select's trigger).
 */
export const inputClass = (invalid: boolean, hasAdornment = false, readOnly = false) =>
  cx(
    'block w-full min-h-10 rounded-md border px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:text-slate-100 dark:placeholder:text-slate-400',
    readOnly ? 'bg-slate-100 dark:bg-slate-800' : 'bg-white dark:bg-slate-900',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600',
    hasAdornment && 'pe-10',
  );

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, end, adornment, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  // A hint is not shown while the field shows its error (the error says what to do).
  const shownHint = error ? undefined : hint;
  const describedBy =
    [error ? errorId : null, shownHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={ref}
            id={inputId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={inputClass(Boolean(error), Boolean(adornment), rest.readOnly)}
            {...rest}
          />
          {adornment && <div className="absolute inset-y-0 end-0 flex items-center pe-2">{adornment}</div>}
        </div>
        {end}
      </div>
      {shownHint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'adornment'>>(
  function PasswordField(props, ref) {
    const { i18n } = useLingui();
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        adornment={
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-label={visible ? i18n._(msg`Hide password`) : i18n._(msg`Show password`)}
            className="rounded p-1 text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        }
      />
    );
  },
);

export function Alert({
  kind,
  children,
  className,
}: {
  kind: 'error' | 'info' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    info: 'border-indigo-300 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100',
    success:
      'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  }[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cx('rounded-md border p-3 text-sm', styles, className)}
    >
      {children}
    </div>
  );
}
