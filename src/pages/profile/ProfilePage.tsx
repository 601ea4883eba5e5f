/**
 * My Profile: shows the account and edits the name (English and Arabic), phone, picture and password
 * (the current password is required). Server field errors land on their fields; a stale version
 * (409) is shown with a way to load the latest one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordBody, localized, PASSWORD_MIN, phone as phoneSchema, type Profile } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { roleLabel } from '@/app/roles';
import { storeProfile, useSession } from '@/app/session';
import { Avatar } from '@/components/Avatar';
import { Alert, Button, FullPageSpinner, PasswordField, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { ApiError, call, errorMessage } from '@/lib/api';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@/resources/field-parts';
import { NotificationSettings } from './NotificationSettings';

export const profileQueryKey = (email: string) => ['profile', email] as const;

const detailsSchema = z.object({
  name: localized(100),
  phone: z.union([z.literal(''), phoneSchema]),
});
type DetailsForm = { name: { en: string; ar: string }; phone: string };

/** Marker of the client-side "passwords differ" check (shown translated). */
const PASSWORDS_DIFFER = 'passwords-differ';
const passwordSchema = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
  });
type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };

/** Server field errors (`name.en`, `phone`, ...) onto the form's fields. */
function mapFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError)) return;
  for (const [field, text] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as Path<T>, { message: text });
  }
}

export function ProfilePage() {
  const { i18n } = useLingui();
  const session = useSession();
  const query = useQuery({
    queryKey: profileQueryKey(session.email),
    queryFn: async ({ signal }) => (await call(routes.profile, { signal })).data,
  });

  if (query.isPending) return <FullPageSpinner inline />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-lg">
        <Alert kind="error">
          <p>{errorMessage(query.error)}</p>
          <Button className="mt-3" onClick={() => void query.refetch()}>
            {i18n._(msg`Try again`)}
          </Button>
        </Alert>
      </div>
    );
  }
  const profile = query.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{i18n._(msg`My Profile`)}</h1>
      <section
        aria-labelledby="account-title"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="account-title" className="text-lg font-semibold">
          {i18n._(msg`Account`)}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{i18n._(msg`Email`)}</dt>
          <dd data-testid="profile-page-email">{profile.email}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{i18n._(msg`Role`)}</dt>
          <dd>{roleLabel(i18n, profile.role)}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{i18n._(msg`Member since`)}</dt>
          <dd>{i18n.date(new Date(profile.createdAt), { dateStyle: 'long' })}</dd>
        </dl>
      </section>
      <PictureSection profile={profile} />
      <DetailsSection profile={profile} onReload={() => query.refetch()} />
      <PasswordSection />
      <NotificationSettings className={cardClass} />
    </div>
  );
}

const cardClass = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

function PictureSection({ profile }: { profile: Profile }) {
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

function DetailsSection({ profile, onReload }: { profile: Profile; onReload: () => Promise<unknown> }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const queryClient = useQueryClient();
  const { email } = useSession();
  const [conflict, setConflict] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DetailsForm>({
    resolver: zodResolver(detailsSchema),
    values: { name: profile.name, phone: profile.phone ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setConflict(null);
    try {
      const answer = await call(routes.updateProfile, {
        body: {
          name: values.name,
          phone: values.phone === '' ? null : values.phone,
          version: profile.version,
        },
      });
      queryClient.setQueryData(profileQueryKey(email), answer.data);
      await storeProfile({ name: answer.data.name });
      reset({ name: answer.data.name, phone: answer.data.phone ?? '' });
      notify.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
        return;
      }
      mapFieldErrors(error, ['name.en', 'name.ar', 'phone'], setError);
      notify.error(error);
    }
  });

  return (
    <section aria-labelledby="details-title" className={cardClass}>
      <h2 id="details-title" className="text-lg font-semibold">
        {i18n._(msg`Personal details`)}
      </h2>
      {conflict && (
        <Alert kind="error" className="mt-4">
          <p data-testid="version-conflict">{conflict}</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => {
              setConflict(null);
              void onReload();
            }}
          >
            {i18n._(msg`Load the latest version`)}
          </Button>
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={i18n._(msg`Name (English)`)}
          lang="en"
          dir="ltr"
          autoComplete="name"
          required
          error={fieldMessage(errors.name?.en?.message)}
          {...register('name.en')}
        />
        <TextField
          label={i18n._(msg`Name (Arabic)`)}
          lang="ar"
          dir="rtl"
          required
          error={fieldMessage(errors.name?.ar?.message)}
          {...register('name.ar')}
        />
        <TextField
          label={i18n._(msg`Phone`)}
          type="tel"
          autoComplete="tel"
          error={fieldMessage(errors.phone?.message)}
          {...register('phone')}
        />
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {i18n._(msg`Save changes`)}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordSection() {
  const { i18n } = useLingui();
  const { email } = useSession();
  const fieldMessage = useFieldMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await call(routes.changePassword, { body: { currentPassword, newPassword } });
      reset();
      notify.success(answer.message);
    } catch (error) {
      mapFieldErrors(error, ['currentPassword', 'newPassword'], setError);
      notify.error(error);
    }
  });

  return (
    <section aria-labelledby="password-title" className={cardClass}>
      <h2 id="password-title" className="text-lg font-semibold">
        {i18n._(msg`Change password`)}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        {/* Lets password managers pair the new password with the account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          className="sm:col-span-2"
          label={i18n._(msg`Current password`)}
          autoComplete="current-password"
          required
          error={fieldMessage(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <PasswordField
          label={i18n._(msg`New password`)}
          autoComplete="new-password"
          required
          hint={i18n._(msg`At least ${PASSWORD_MIN} characters.`)}
          error={fieldMessage(errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <PasswordField
          label={i18n._(msg`Confirm new password`)}
          autoComplete="new-password"
          required
          error={
            errors.confirmPassword?.message === PASSWORDS_DIFFER
              ? i18n._(msg`The passwords do not match`)
              : fieldMessage(errors.confirmPassword?.message)
          }
          {...register('confirmPassword')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {i18n._(msg`Change password`)}
          </Button>
        </div>
      </form>
    </section>
  );
}
