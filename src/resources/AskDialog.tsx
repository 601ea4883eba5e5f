/**
 * The question before a record action runs, for one record (./actions.tsx) or a selection
 * (./bulk/BulkBar.tsx): its reason when it asks one, else its confirmation.
 */
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { ConfirmDialog, ReasonDialog } from '@/components/dialogs';
import type { AreaAction } from './types';

/** What an action asks before it runs, in the reader's words. */
export interface Asked {
  label: string;
  danger?: boolean;
  reason?: { title: string; required: boolean };
  confirm?: string;
}

export const askedOf = (
  action: Pick<AreaAction, 'label' | 'danger' | 'reason' | 'confirm'>,
  i18n: I18n,
): Asked => ({
  label: i18n._(action.label),
  danger: action.danger,
  reason: action.reason && { title: i18n._(action.reason.title), required: action.reason.required },
  confirm: action.confirm && i18n._(action.confirm),
});

export function AskDialog({
  asked,
  subject,
  busy,
  error,
  onClose,
  detail,
  onConfirm,
}: {
  asked: Asked;
  /** Said after the confirmation's text, about this record. */
  detail?: ReactNode;
  /** What the action acts on (a record's name, how many rows), after the title. */
  subject: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string | null) => void;
}) {
  const { label, reason } = asked;
  return reason ? (
    <ReasonDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${reason.title} — ${subject}`}
      confirmLabel={label}
      required={reason.required}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
    />
  ) : (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${label} — ${subject}`}
      description={
        detail ? (
          <>
            {asked.confirm} {detail}
          </>
        ) : (
          (asked.confirm ?? '')
        )
      }
      confirmLabel={label}
      danger={asked.danger}
      busy={busy}
      error={error}
      onConfirm={() => onConfirm(null)}
    />
  );
}
