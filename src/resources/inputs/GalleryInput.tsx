/** An image gallery with a cover (uploads one by one with progress). */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ImagePlus, Star } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { profileImageUrl } from '@/app/session';
import { connectionState } from '@/app/connection';
import { cx } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { errorMessage } from '@/lib/api';
import { uploadFile } from '@/lib/transfer';
import {
  describedBy,
  errorAt,
  FieldNotes,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  labelClass,
  OFFLINE_UPLOAD,
} from '../field-parts';
import type { AreaField } from '../types';
import { ItemControls } from './ItemControls';

type GalleryField = AreaField & { kind: 'gallery' };
type Progress = { done: number; of: number; part: number };

/** Uploads the chosen images one by one; what was uploaded before a failure is kept. */
function useGalleryUpload(field: GalleryField, paths: string[], onAdded: (paths: string[]) => void) {
  const { i18n } = useLingui();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
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
      if (added.length) onAdded([...paths, ...added]);
    }
  };
  return { add, progress, problem, room };
}

export function GalleryInput({ field, className }: { field: GalleryField; className?: string }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const images = useController({ name: field.name, control });
  const cover = useController({ name: field.cover, control });
  const id = useId();
  const paths = (Array.isArray(images.field.value) ? images.field.value : []) as string[];
  const { add, progress, problem, room } = useGalleryUpload(field, paths, images.field.onChange);
  const coverPath = (cover.field.value as string | null) ?? paths[0] ?? null;
  const label = i18n._(field.label);

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
          {paths.map((path, index) => (
            <GalleryItem
              key={path}
              path={path}
              index={index}
              count={paths.length}
              isCover={path === coverPath}
              coverGroup={`${id}-cover`}
              onCover={() => cover.field.onChange(path)}
              onMove={(delta) => moveBy(index, delta)}
              onRemove={() => remove(path)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`No images yet.`)}</p>
      )}
      <AddImages id={id} field={field} paths={paths} room={room} progress={progress} onAdd={add} />
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** One image: the cover choice, and move / remove. */
function GalleryItem({
  path,
  index,
  count,
  isCover,
  coverGroup,
  onCover,
  onMove,
  onRemove,
}: {
  path: string;
  index: number;
  count: number;
  isCover: boolean;
  /** The name of the gallery's cover radio group. */
  coverGroup: string;
  onCover: () => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { i18n } = useLingui();
  const number = index + 1;
  return (
    <li
      className={cx(
        'space-y-2 rounded-lg border p-2',
        isCover ? 'border-indigo-500 ring-2 ring-indigo-500/40' : 'border-slate-200 dark:border-slate-700',
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
          name={coverGroup}
          className="size-4 accent-indigo-600"
          checked={isCover}
          onChange={onCover}
        />
        <Star aria-hidden="true" className={cx('size-4', isCover ? 'text-amber-500' : 'text-slate-400')} />
        {i18n._(msg`Cover`)}
      </label>
      <ItemControls
        axis="row"
        index={index}
        count={count}
        onMove={onMove}
        onRemove={onRemove}
        labels={{
          back: i18n._(msg`Move image ${number} earlier`),
          forward: i18n._(msg`Move image ${number} later`),
          remove: i18n._(msg`Remove image ${number}`),
        }}
      />
    </li>
  );
}

/** The file input of the gallery, how many images it holds, and the upload's progress. */
function AddImages({
  id,
  field,
  paths,
  room,
  progress,
  onAdd,
}: {
  id: string;
  field: GalleryField;
  paths: string[];
  room: number;
  progress: Progress | null;
  onAdd: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        id={id}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        onChange={(event) => void onAdd(event)}
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
  );
}
