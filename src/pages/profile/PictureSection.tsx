/** My Profile's picture (ProfilePage.tsx): the current one or a preview of the chosen file, and its upload. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import type { Profile } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { storeProfile, useSession } from '@/app/session';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/ui';
import { call } from '@/lib/api';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@/resources/field-parts';
import { cardClass, profileQueryKey } from './profile-parts';

/** The chosen picture (checked for type and size), its preview and its upload. */
function usePictureUpload() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { email } = useSession();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen);
      return call(routes.uploadProfileImage, { body: form });
    },
    onSuccess: async (answer) => {
      queryClient.setQueryData(profileQueryKey(email), answer.data);
      await storeProfile({ profileImage: answer.data.profileImage });
      setFile(null);
      notify.success(answer.message);
    },
    onError: (error) => notify.error(error),
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (!IMAGE_TYPES.includes(chosen.type)) {
      setProblem(i18n._(msg`Choose a JPEG, PNG or WebP image.`));
      return;
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      setProblem(i18n._(msg`The picture may be at most 5 MB.`));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  return { inputId, file, setFile, problem, preview, upload, choose };
}

export function PictureSection({ profile }: { profile: Profile }) {
  const { i18n } = useLingui();
  const { inputId, file, setFile, problem, preview, upload, choose } = usePictureUpload();
  return (
    <section aria-labelledby="picture-title" className={cardClass}>
      <h2 id="picture-title" className="text-lg font-semibold">
        {i18n._(msg`Profile picture`)}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-5">
        {preview ? (
          <img
            src={preview}
            alt={i18n._(msg`Preview of the new picture`)}
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <Avatar path={profile.profileImage} size={96} />
        )}
        <div className="space-y-2">
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={choose}
            aria-describedby={problem ? `${inputId}-error` : `${inputId}-hint`}
            aria-invalid={problem ? true : undefined}
            className="peer sr-only"
          />
          {/* The native file button speaks the browser's language; this label speaks the app's. */}
          <label
            htmlFor={inputId}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {i18n._(msg`Choose a picture`)}
          </label>
          {file && (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="chosen-file">
              {file.name}
            </p>
          )}
          <p id={`${inputId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {i18n._(msg`JPEG, PNG or WebP, up to 5 MB.`)}
          </p>
          {problem && (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          {file && (
            <div className="flex gap-2">
              <Button loading={upload.isPending} onClick={() => upload.mutate(file)}>
                {i18n._(msg`Upload picture`)}
              </Button>
              <Button variant="ghost" disabled={upload.isPending} onClick={() => setFile(null)}>
                {i18n._(msg`Cancel`)}
              </Button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
