/**
 * My Profile → Passkeys (docs/security.md, "Account lifecycle"): the account's passkeys with when each
 * was added and last used; add one (named, by default after this device and browser), rename one,
 * remove one after a confirmation. A browser without WebAuthn says so and adds none.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Passkey } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { notify } from '@/app/notify';
import { ConfirmDialog } from '@/components/dialogs';
import { Alert } from '@/components/ui';
import { QueryContent } from './QueryContent';
import { call, errorMessage } from '@/lib/api';
import { webAuthnAvailable } from '@/pages/account/passkey-ceremony';
import { PasskeyAdd } from './PasskeyAdd';
import { PasskeyItem } from './PasskeyItem';
import { cardClass, passkeysKey } from './profile-parts';

/** A name isolated (U+2068…U+2069) and quoted: a left-to-right name inside an Arabic sentence keeps its order. */
const isolated = (name: string) => `“\u2068${name}\u2069”`;

export function PasskeysSection() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const list = useQuery({
    queryKey: passkeysKey,
    queryFn: async ({ signal }) => (await call(routes.passkeys, { signal })).data,
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => call(routes.removePasskey, { params: { id: passkey.id } }),
    onSuccess: async (answer) => {
      setRemoving(null);
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    },
  });
  const supported = webAuthnAvailable();

  return (
    <section aria-labelledby="passkeys-title" className={cardClass} data-testid="profile-passkeys">
      <h2 id="passkeys-title" className="text-lg font-semibold">
        {i18n._(msg`Passkeys`)}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`Sign in without a password, with your fingerprint, face or screen lock. A passkey stays on your device or in your password manager, and counts as both steps of a sign-in.`,
        )}
      </p>
      <QueryContent query={list}>
        {(data) =>
          data.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="passkeys-none">
              {i18n._(msg`No passkeys yet.`)}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="passkeys-list">
              {data.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  onRemove={() => {
                    remove.reset();
                    setRemoving(passkey);
                  }}
                />
              ))}
            </ul>
          )
        }
      </QueryContent>
      {supported ? (
        <PasskeyAdd />
      ) : (
        <Alert kind="info" className="mt-4">
          <span data-testid="passkeys-unsupported">
            {i18n._(msg`This browser cannot use passkeys. Open the app in a current browser to add one.`)}
          </span>
        </Alert>
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && !remove.isPending && setRemoving(null)}
          title={i18n._(msg`Remove the passkey ${isolated(removing.name)}?`)}
          description={i18n._(
            msg`It will no longer sign you in. Also delete it from the device or password manager that keeps it.`,
          )}
          confirmLabel={i18n._(msg`Remove`)}
          danger
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(removing)}
        />
      )}
    </section>
  );
}
