/**
 * The reason of a ReasonDialog (src/components/dialogs.tsx): its text, whether a required one was
 * sent empty, and the text forgotten when the dialog closes.
 */
import { useState } from 'react';
import type { ReasonDialogProps } from './dialogs';

export function useReason({
  required,
  onConfirm,
  onOpenChange,
}: Pick<ReasonDialogProps, 'required' | 'onConfirm' | 'onOpenChange'>) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    const text = reason.trim();
    if (required && !text) {
      setMissing(true);
      return;
    }
    onConfirm(text || null);
  };
  return {
    reason,
    missing,
    submit,
    change: (text: string) => {
      setReason(text);
      setMissing(false);
    },
    openChange: (next: boolean) => {
      if (!next) {
        setReason('');
        setMissing(false);
      }
      onOpenChange(next);
    },
  };
}

export type ReasonControl = ReturnType<typeof useReason>;
