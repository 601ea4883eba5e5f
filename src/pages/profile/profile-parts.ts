/** What the sections of My Profile (ProfilePage.tsx) share: the profile's query key, the card and field errors. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';

export const profileQueryKey = (email: string) => ['profile', email] as const;

/** The signed-in user's passkeys (PasskeysSection.tsx). */
export const passkeysKey = ['profile-passkeys'] as const;

export const cardClass =
  'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

/** Server field errors (`name.en`, `phone`, ...) onto the form's fields. */
export function mapFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError)) return;
  for (const [field, text] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as Path<T>, { message: text });
  }
}
