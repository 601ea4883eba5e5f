/** My Profile's personal details (ProfilePage.tsx): the name in English and Arabic and the phone. */
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { localized, phone as phoneSchema, type Profile } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { storeProfile, useSession } from '@/app/session';
import { Alert, Button, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { ApiError, call } from '@/lib/api';
import { cardClass, mapFieldErrors, profileQueryKey } from './profile-parts';

const detailsSchema = z.object({
  name: localized(100),
  phone: z.union([z.literal(''), phoneSchema]),
});
type DetailsForm = { name: { en: string; ar: string }; phone: string };

/** The details form and its save; a stale version (409) is kept as `conflict`. */
function useDetailsForm(profile: Profile) {
  const queryClient = useQueryClient();
  const { email } = useSession();
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<DetailsForm>({
    resolver: zodResolver(detailsSchema),
    values: { name: profile.name, phone: profile.phone ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
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
      form.reset({ name: answer.data.name, phone: answer.data.phone ?? '' });
      notify.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
        return;
      }
      mapFieldErrors(error, ['name.en', 'name.ar', 'phone'], form.setError);
      notify.error(error);
    }
  });

  return { form, onSubmit, conflict, setConflict };
}

export function DetailsSection({
  profile,
  onReload,
}: {
  profile: Profile;
  onReload: () => Promise<unknown>;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const { form, onSubmit, conflict, setConflict } = useDetailsForm(profile);
  const {
    register,
    formState: { errors, isSubmitting, isDirty },
  } = form;
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
