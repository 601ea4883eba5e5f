import { useState } from 'react';
import { notify } from '@/app/notify';
import { ApiError, newIdempotencyKey } from '@/lib/api';

/**
 * An action waiting on its dialog (./AskDialog.tsx) with the idempotency key of its request, and
 * the dialog's busy and error states.
 */
export function useAskedAction<P extends { key: string }>() {
  const [pending, setPending] = useState<P | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
  };
  // A refused request changed nothing: trying again (another reason, after fixing the cause) is a
  // new request with a new key, not a replay that would get the stored refusal back.
  const renewKey = () => setPending((current) => current && { ...current, key: newIdempotencyKey() });

  /**
   * Runs `work` with the dialog busy. A refusal (`isRefusal` of its status) stays in the dialog;
   * other failures are a notice and close it.
   */
  const attempt = async (work: () => Promise<void>, isRefusal: (status: number) => boolean) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      if (caught instanceof ApiError && isRefusal(caught.status)) {
        setError(caught.message);
        renewKey();
      } else {
        notify.error(caught);
        close();
      }
    } finally {
      setBusy(false);
    }
  };

  return { pending, setPending, busy, error, setError, close, renewKey, attempt };
}
