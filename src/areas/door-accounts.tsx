/**
 * Who opens this door (docs/decisions/0059-door-list-accounts-and-leases.md), on the door screen for
 * whoever manages the event (the `event` permission): the door accounts it may assign, ticked when
 * assigned. Staff see staff's own door accounts and the event's provider's; a provider its own. An
 * account assigned by someone else shows without a box: it is not the reader's to change. The
 * server decides what each may assign (it answers 422 for anyone else's).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { notify } from '@/app/notify';
import { useSession } from '@/app/session';
import type { DoorAccount, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { Alert, Button } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { cardClass } from '@/resources/DetailsPage';
import { localizedText } from '@/resources/cells';

const accountsQuery = (eventId: number) => ({
  queryKey: ['door', 'accounts', eventId] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await call(routes.doorAccountList, { params: { id: eventId }, signal })).data.items,
  // Not needed offline: the door admits without it.
  meta: { persist: false },
});

/** The card, for those who manage the event; nothing for a door account. */
export function DoorAccounts({ eventId }: { eventId: number }) {
  const { permissions } = useSession();
  if (!permissions?.includes('event')) return null;
  return <AccountsCard eventId={eventId} />;
}

function AccountsCard({ eventId }: { eventId: number }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <details
      className={cardClass}
      data-testid="door-accounts"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden className="size-5" />
        {i18n._(msg`Door accounts of this event`)}
      </summary>
      {open && <AccountsForm eventId={eventId} />}
    </details>
  );
}

function AccountsForm({ eventId }: { eventId: number }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQuery(eventId));
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (accounts.isPending) return <p className="mt-3 text-sm">{i18n._(msg`Loading…`)}</p>;
  if (accounts.isError) return <Alert kind="error">{errorMessage(accounts.error)}</Alert>;
  const items = accounts.data;
  const ticked = chosen ?? new Set(items.filter((a) => a.yours && a.assigned).map((a) => a.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call(routes.doorAccountAssign, {
        params: { id: eventId },
        body: { userIds: [...ticked] },
      });
      queryClient.setQueryData(accountsQuery(eventId).queryKey, answer.data.items);
      setChosen(null);
      notify.success(answer.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-3 space-y-3" onSubmit={save}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`A door account opens the doors of the events it is assigned to, and nothing else.`)}
      </p>
      {items.length === 0 ? (
        <p className="text-sm">{i18n._(msg`No door accounts yet: add one with the access “Door only”.`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="door-accounts-list">
          {items.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              checked={ticked.has(account.id)}
              onChange={(on) => toggle(account.id, on)}
            />
          ))}
        </ul>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {items.some((a) => a.yours) && (
        <Button type="submit" loading={busy} data-testid="door-accounts-save">
          {i18n._(msg`Save the door accounts`)}
        </Button>
      )}
    </form>
  );
}

function AccountRow({
  account,
  checked,
  onChange,
}: {
  account: DoorAccount;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { i18n } = useLingui();
  const name = localizedText(account.name, i18n.locale as Language);
  const whose =
    account.providerId === null
      ? i18n._(msg`Staff’s door account`)
      : i18n._(msg`The provider’s door account`);
  const details = (
    <span className="min-w-0 flex-1">
      <span className="block font-medium">{name}</span>
      <span className="block text-sm text-slate-600 dark:text-slate-300">
        <bdi className="break-all">{account.email}</bdi> · {whose}
        {account.status !== '1' && <> · {i18n._(msg`Cannot sign in`)}</>}
      </span>
    </span>
  );
  if (!account.yours)
    return (
      <li className="flex items-start gap-3 py-2" data-testid="door-account">
        <span className="mt-1 text-sm font-medium">{i18n._(msg`Assigned`)}</span>
        {details}
      </li>
    );
  return (
    <li className="py-2" data-testid="door-account">
      <label className="flex min-h-10 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5"
          checked={checked}
          aria-label={name}
          onChange={(event) => onChange(event.target.checked)}
        />
        {details}
      </label>
    </li>
  );
}
