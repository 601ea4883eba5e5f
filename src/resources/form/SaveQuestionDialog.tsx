/** The question an edit asks before it is saved (`AreaConfig.saveQuestion`), with its choice. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialogs';
import type { SaveQuestion } from '../types';

export function SaveQuestionDialog({
  question,
  title,
  onAnswer,
}: {
  question: SaveQuestion;
  title: string;
  onAnswer: (go: boolean, optedOut?: boolean) => Promise<unknown>;
}) {
  const { i18n } = useLingui();
  const [optedOut, setOptedOut] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !busy && void onAnswer(false)}
      title={title}
      description={
        <>
          <span className="block" data-testid="save-question">
            {question.text}
          </span>
          {question.optOut && (
            <label className="mt-3 flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={optedOut}
                data-testid="save-opt-out"
                onChange={(e) => setOptedOut(e.target.checked)}
              />
              {question.optOut.label}
            </label>
          )}
        </>
      }
      confirmLabel={i18n._(msg`Save`)}
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void onAnswer(true, optedOut).finally(() => setBusy(false));
      }}
    />
  );
}
