/**
 * A new password typed twice (My Profile's change, a forgotten password's reset: src/pages/account/):
 * the form's check that both match, and the second field with its message.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ComponentProps } from 'react';
import { z } from 'zod';
import { PasswordField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';

/** Marker of the client-side "passwords differ" check (shown translated). */
const PASSWORDS_DIFFER = 'passwords-differ';

/** `schema` (with a `newPassword`) and a `confirmPassword` that must equal it. */
export const withConfirmation = <T extends { newPassword: z.ZodType<string> }>(
  schema: z.ZodObject<T, z.core.$strict>,
) =>
  schema
    .extend({ confirmPassword: z.string() })
    .refine(
      (values) =>
        (values as { newPassword: string }).newPassword ===
        (values as { confirmPassword: string }).confirmPassword,
      { path: ['confirmPassword'], message: PASSWORDS_DIFFER },
    );

/** The second field: "Confirm new password", its error translated. */
export function ConfirmPasswordField({
  error,
  ...field
}: Omit<ComponentProps<typeof PasswordField>, 'label' | 'error'> & { error: string | undefined }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  return (
    <PasswordField
      label={i18n._(msg`Confirm new password`)}
      autoComplete="new-password"
      required
      aria-required="true"
      error={error === PASSWORDS_DIFFER ? i18n._(msg`The passwords do not match`) : fieldMessage(error)}
      {...field}
    />
  );
}
