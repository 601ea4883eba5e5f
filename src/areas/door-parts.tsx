/**
 * Small parts of the door screen (docs/decisions/0055-the-door.md): naming the device, and how many
 * guests of a group arrived now.
 */
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { Stepper } from '@/components/Stepper';
import { Button, TextField } from '@/components/ui';
import type { Choice } from './door-admit';

/** The device names itself once ("Gate B"); the name can be changed later. */
export function NameDevice({
  current,
  onName,
  onCancel,
}: {
  current?: string;
  onName: (name: string) => void;
  onCancel?: () => void;
}) {
  const { i18n } = useLingui();
  const [name, setName] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="max-w-md space-y-3"
      data-testid="door-name-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) setError(i18n._(msg`Give this device a name.`));
        else onName(name);
      }}
    >
      <TextField
        label={i18n._(msg`This device's name`)}
        hint={i18n._(msg`Shown on the other devices and on the door log, e.g. “Gate B”.`)}
        value={name}
        maxLength={40}
        error={error}
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit">{i18n._(msg`Save the name`)}</Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {i18n._(msg`Cancel`)}
          </Button>
        )}
      </div>
    </form>
  );
}

/** "2 of 3 arrived": all the guests left unless staff say fewer. */
export function ChoosePanel({
  choice,
  onChoose,
  onCancel,
}: {
  choice: Choice;
  onChoose: (count: number) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const [count, setCount] = useState(choice.left);
  const admitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => admitButton.current?.focus(), []);
  const { guest, left } = choice;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="door-choose-title"
      data-testid="door-choose"
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-950/60 p-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <div className="w-full max-w-md space-y-5 rounded-lg bg-white p-6 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        <h2 id="door-choose-title" className="text-2xl font-semibold">
          {guest.name}
        </h2>
        <p>
          {i18n._(
            plural(left, { one: '# guest left on this ticket.', other: '# guests left on this ticket.' }),
          )}
        </p>
        <p className="font-medium" id="door-choose-how-many">
          {i18n._(msg`How many arrived now?`)}
        </p>
        <Stepper
          value={count}
          onChange={setCount}
          max={left}
          fewer={i18n._(msg`One fewer`)}
          more={i18n._(msg`One more`)}
          labelledBy="door-choose-how-many"
          countTestId="door-choose-count"
          className="justify-center gap-4"
          countClassName="min-w-16 text-4xl font-bold"
        />
        <div className="flex flex-wrap gap-2">
          <Button ref={admitButton} className="flex-1 text-lg" onClick={() => onChoose(count)}>
            {i18n._(msg`Admit ${i18n.number(count)} of ${i18n.number(left)}`)}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {i18n._(msg`Cancel`)}
          </Button>
        </div>
      </div>
    </div>
  );
}
