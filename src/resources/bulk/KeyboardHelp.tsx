import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui';
import { contentClass, overlayClass } from '@/components/dialogs';

/** The list's keys (`?`), in the reader's language; the page arrows follow the reading direction. */
export function KeyboardHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const rtl = i18n.locale === 'ar';
  const keys: [string[], string][] = [
    [['j', '↓'], i18n._(msg`Next row`)],
    [['k', '↑'], i18n._(msg`Previous row`)],
    [['x'], i18n._(msg`Select or unselect the row`)],
    [['Enter'], i18n._(msg`Open the row`)],
    [['/'], i18n._(msg`Search`)],
    [[rtl ? '←' : '→'], i18n._(msg`Next page`)],
    [[rtl ? '→' : '←'], i18n._(msg`Previous page`)],
    [['?'], i18n._(msg`Show these keys`)],
  ];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={contentClass} data-testid="keyboard-help">
          <Dialog.Title className="text-lg font-semibold">{i18n._(msg`Keyboard shortcuts`)}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {i18n._(msg`On a list, outside the search box and the form fields.`)}
          </Dialog.Description>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {keys.map(([names, what]) => (
              <div key={what} className="contents">
                <dt className="flex gap-1">
                  {names.map((name) => (
                    <kbd
                      key={name}
                      className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs dark:border-slate-700 dark:bg-slate-800"
                    >
                      {name}
                    </kbd>
                  ))}
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-5 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{i18n._(msg`Close`)}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
