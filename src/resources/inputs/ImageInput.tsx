import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { profileImageUrl } from '@/app/session';
import { Button, cx } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { uploadFile } from '@/lib/transfer';
import { connectionState } from '@/app/connection';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, labelClass, OFFLINE_UPLOAD, RequiredMark } from '../field-parts';
import type { AreaField } from '../types';

/** The upload behind an image field: the chosen file's preview, the progress and the problem. */
function useImageUpload(field: AreaField & { kind: 'image' }) {
  const { i18n } = useLingui();
  const { control } = useFormContext();
  const { field: controlled } = useController({ name: field.name, control });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const path = typeof controlled.value === 'string' && controlled.value ? controlled.value : null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (connectionState() !== 'online') {
      setProblem(i18n._(OFFLINE_UPLOAD));
      return;
    }
    if (!IMAGE_TYPES.includes(chosen.type)) {
      setProblem(i18n._(msg`Choose a JPEG, PNG or WebP image.`));
      return;
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      setProblem(i18n._(msg`The image may be at most 5 MB.`));
      return;
    }
    setProblem(null);
    setFile(chosen);
    setProgress(0);
    try {
      const answer = (await uploadFile(field.upload, chosen, { onProgress: setProgress })) as {
        data: { path: string };
      };
      controlled.onChange(answer.data.path);
    } catch (caught) {
      setFile(null);
      setProblem(errorMessage(caught));
    } finally {
      setProgress(null);
    }
  };
  const remove = () => {
    setFile(null);
    controlled.onChange(null);
  };
  return { path, preview, progress, problem, choose, remove };
}

/** Image upload with preview and progress. */
export function ImageInput({
  field,
  label,
  hint,
  error,
  className,
  required,
}: {
  field: AreaField & { kind: 'image' };
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  required?: boolean;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const { path, preview, progress, problem, choose, remove } = useImageUpload(field);

  const shown = preview ?? (path ? profileImageUrl(path) : null);
  const message = problem ?? error;
  return (
    <div className={cx('space-y-2', className)}>
      <span className={labelClass} id={`${id}-label`}>
        {label}
        {required && <RequiredMark />}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <ImagePreview shown={shown} label={label} name={field.name} />
        <div className="space-y-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={(event) => void choose(event)}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={message ? `${id}-error` : `${id}-hint`}
            aria-invalid={message ? true : undefined}
            className="peer sr-only"
            data-testid={`field-${field.name}`}
            disabled={progress !== null}
          />
          <label
            id={`${id}-button`}
            htmlFor={id}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {i18n._(msg`Choose an image`)}
          </label>
          {path && progress === null && (
            <Button variant="ghost" onClick={remove}>
              <X aria-hidden="true" className="size-4" />
              {i18n._(msg`Remove image`)}
            </Button>
          )}
          {progress !== null && (
            <progress
              className="block h-2 w-48"
              max={1}
              value={progress}
              aria-label={i18n._(msg`Uploading ${label}`)}
              data-testid="upload-progress"
            />
          )}
          {!message && (
            <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              {hint ?? i18n._(msg`JPEG, PNG or WebP, up to 5 MB.`)}
            </p>
          )}
          {message && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The chosen or stored image, or a placeholder. */
function ImagePreview({ shown, label, name }: { shown: string | null; label: string; name: string }) {
  const { i18n } = useLingui();
  return shown ? (
    <img
      src={shown}
      alt={i18n._(msg`Preview of ${label}`)}
      width={80}
      height={80}
      className="size-20 rounded-lg border border-slate-200 object-contain dark:border-slate-700"
      data-testid={`preview-${name}`}
    />
  ) : (
    <div
      aria-hidden="true"
      className="flex size-20 items-center justify-center rounded-lg border border-dashed border-slate-400 text-slate-500"
    >
      <ImageUp className="size-6" />
    </div>
  );
}
