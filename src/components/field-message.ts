/**
 * A field's error text, turned into the reader's language when it is a contract message. Apart from
 * ui.tsx: the message table stays out of the first load (the login page loads it when it needs it).
 */
import { useLingui } from '@lingui/react';
import { localizeMessage } from '@/contract/messages';
import type { Language } from '@/contract/plain';

export function useFieldMessage() {
  const { i18n } = useLingui();
  return (message: string | undefined) =>
    message ? localizeMessage(message, i18n.locale as Language) : undefined;
}
