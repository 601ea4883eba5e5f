/**
 * My Profile: shows the account and edits the name (English and Arabic), phone, picture and password
 * (the current password is required), turns two-factor sign-in on and off and the morning digest, keeps the account's passkeys, and lists its sessions and devices. Server field errors land on their fields; a stale version
 * (409) is shown with a way to load the latest one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { changePasswordBody, PASSWORD_MIN } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { roleLabel } from '@/app/roles';
import { useSession } from '@/app/session';
import { Alert, Button, FullPageSpinner, PasswordField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { call, errorMessage } from '@/lib/api';
import { DetailsSection } from './DetailsSection';
import { NotificationSettings } from './NotificationSettings';
import { DigestSection } from './DigestSection';
import { PictureSection } from './PictureSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { PasskeysSection } from './PasskeysSection';
import { ConfirmPasswordField, withConfirmation } from './password-confirm';
import { cardClass, mapFieldErrors, profileQueryKey } from './profile-parts';

const passwordSchema = withConfirmation(changePasswordBody);
type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };

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
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <NotificationSettings className={cardClass} />
      <DigestSection className={cardClass} />
    </div>
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
        <ConfirmPasswordField error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <div className="sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {i18n._(msg`Change password`)}
          </Button>
        </div>
      </form>
    </section>
  );
}
