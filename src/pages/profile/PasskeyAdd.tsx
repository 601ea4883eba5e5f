/**
 * Adding a passkey (My Profile → Passkeys): a name, by default after this device and browser, then
 * the browser's prompt; the server verifies the answer and keeps the passkey. A prompt the user
 * cancels is no error.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { Alert, Button, TextField } from '@/components/ui';
import { ApiError, call, errorMessage } from '@/lib/api';
import { ceremony } from '@/pages/account/passkey-ceremony';
import { passkeysKey } from './profile-parts';

type I18n = ReturnType<typeof useLingui>['i18n'];

/** This device and browser in a few words ("Chrome on Windows"), as a passkey's first name. */
function deviceName(i18n: I18n): string {
  const ua = navigator.userAgent;
  const system = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Macintosh|Mac OS X/, 'Mac'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] as string | undefined;
  const browser = [
    [/Edg\//, 'Edge'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] as string | undefined;
  if (system && browser) return i18n._(msg`${browser} on ${system}`);
  return system ?? browser ?? i18n._(msg`My passkey`);
}

/** Asks the server for options, runs the browser's prompt, sends its answer: null when cancelled. */
async function addPasskey(name: string) {
  const { data } = await call(routes.passkeyOptions);
  const response = await ceremony((library) => library.startRegistration({ optionsJSON: data.options }));
  return response && call(routes.addPasskey, { body: { handle: data.handle, response, name } });
}

export function PasskeyAdd() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: async (answer) => {
      if (!answer) return; // cancelled: the form stays, nothing to say
      setName(null);
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
  });
  if (name === null)
    return (
      <Button className="mt-4" data-testid="passkey-add" onClick={() => setName(deviceName(i18n))}>
        {i18n._(msg`Add a passkey`)}
      </Button>
    );
  const error = add.error;
  const nameError = error instanceof ApiError ? error.fieldErrors.name : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name);
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-3" data-testid="passkey-add-form">
      <TextField
        label={i18n._(msg`Name of the passkey`)}
        hint={i18n._(msg`Say where it is kept, so you can tell your passkeys apart.`)}
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        required
        autoFocus
        onChange={(event) => setName(event.target.value)}
        error={nameError}
      />
      {error && !nameError && <Alert kind="error">{errorMessage(error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={add.isPending} data-testid="passkey-create">
          {i18n._(msg`Create the passkey`)}
        </Button>
        <Button variant="secondary" disabled={add.isPending} onClick={() => setName(null)}>
          {i18n._(msg`Cancel`)}
        </Button>
      </div>
    </form>
  );
}
