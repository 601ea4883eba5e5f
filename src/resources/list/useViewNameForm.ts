import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@/lib/api';

export interface ViewNameValues {
  name: string;
  isDefault: boolean;
  shared: boolean;
}

/**
 * The fields of the view-name dialog (./ViewDialogs.tsx), sent by `submit`: the server's refusal
 * of the name shows on its field, another failure above the buttons; success closes the dialog.
 */
export function useViewNameForm(
  initialName: string,
  onSubmit: (values: ViewNameValues) => Promise<unknown>,
  onOpenChange: (open: boolean) => void,
) {
  const { i18n } = useLingui();
  const [name, setName] = useState(initialName);
  const [isDefault, setIsDefault] = useState(false);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setFieldError(i18n._(msg`Enter a name for the view.`));
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      await onSubmit({ name: trimmed, isDefault, shared });
      onOpenChange(false);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fieldErrors.name : undefined;
      if (field) setFieldError(field);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  /** A dialog opened again starts from `initialName`, unticked and without errors. */
  const reset = () => {
    setName(initialName);
    setIsDefault(false);
    setShared(false);
    setError(null);
    setFieldError(undefined);
  };

  return {
    name,
    setName,
    isDefault,
    setIsDefault,
    shared,
    setShared,
    error,
    fieldError,
    busy,
    submit,
    reset,
  };
}
