/**
 * What the second factor's screens share (docs/security.md, "Two-factor sign-in"): the code field,
 * the new secret as a QR code and as text, and the recovery codes shown once, with copy and
 * download. Used by the sign-in's second step (TwoFactorSignInPage.tsx) and My Profile
 * (src/pages/profile/TwoFactorSection.tsx).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Copy, Download } from 'lucide-react';
import { forwardRef } from 'react';
import { notify } from '@/app/notify';
import { QrCode } from '@/components/QrCode';
import { Button, TextField, type TextFieldProps } from '@/components/ui';
import { ApiError } from '@/lib/api';

/** A code field: the authenticator's 6 digits (a numeric keyboard, filled by the phone's one-time-code), or a recovery code. */
export const CodeField = forwardRef<
  HTMLInputElement,
  Omit<TextFieldProps, 'label'> & { recovery?: boolean; label?: string }
>(function CodeField({ recovery = false, label, ...rest }, ref) {
  const { i18n } = useLingui();
  return (
    <TextField
      ref={ref}
      label={label ?? (recovery ? i18n._(msg`Recovery code`) : i18n._(msg`Code from your authenticator app`))}
      name="code"
      required
      aria-required="true"
      autoCapitalize="none"
      spellCheck={false}
      dir="ltr"
      className="[&_input]:text-start [&_input]:tracking-widest"
      {...(recovery
        ? { autoComplete: 'off', inputMode: 'text', placeholder: 'xxxxx-xxxxx', maxLength: 11 }
        : { autoComplete: 'one-time-code', inputMode: 'numeric', placeholder: '123456', maxLength: 7 })}
      {...rest}
    />
  );
});

/** The server's text for the code field, or null when the refusal was about something else. */
export const codeErrorOf = (error: unknown) =>
  error instanceof ApiError ? (error.fieldErrors.code ?? null) : null;

/** The secret being enrolled: its QR code for the authenticator app, and the secret itself for typing. */
export function EnrolmentCard({ secret, uri }: { secret: string; uri: string }) {
  const { i18n } = useLingui();
  // Groups of four letters are easier to type; authenticator apps ignore the spaces.
  const grouped = secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <QrCode
        text={uri}
        label={i18n._(msg`QR code of your two-factor secret`)}
        className="size-48 shrink-0 rounded-md border border-slate-200"
      />
      <div className="min-w-0 space-y-2 text-sm">
        <p>
          {i18n._(
            msg`Scan this QR code with an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password.`,
          )}
        </p>
        <p>{i18n._(msg`Cannot scan it? Type this key in the app instead:`)}</p>
        <p
          dir="ltr"
          data-testid="totp-secret"
          data-secret={secret}
          className="rounded-md bg-slate-100 px-3 py-2 text-start font-mono text-base break-all select-all dark:bg-slate-800"
        >
          {grouped}
        </p>
      </div>
    </div>
  );
}

/** The recovery codes, shown once: a list to copy or download, each usable once instead of a code. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { i18n } = useLingui();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(i18n._(msg`The recovery codes were copied.`));
    } catch {
      notify.error(i18n._(msg`The codes could not be copied: select them and copy them by hand.`));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <p className="text-sm font-medium">
        {i18n._(
          msg`Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.`,
        )}
      </p>
      <ol
        dir="ltr"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-100 p-3 font-mono text-base dark:bg-slate-800"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {i18n._(msg`Copy`)}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" className="size-4" />
          {i18n._(msg`Download`)}
        </Button>
      </div>
    </div>
  );
}
