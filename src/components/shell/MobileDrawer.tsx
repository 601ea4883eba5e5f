/**
 * The sidebar as a drawer on phones (docs/product.md §2). Radix's dialog loads with the first opening, not with
 * the first screen (AppShell, docs/decisions/0010-signed-in-first-load.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export function MobileDrawer({
  id,
  open,
  onOpenChange,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          id={id}
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 p-3 dark:border-slate-800">
            <Dialog.Title className="font-semibold">{i18n._(msg`Menu`)}</Dialog.Title>
            <Dialog.Close
              aria-label={i18n._(msg`Close menu`)}
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {i18n._(msg`Sections of the back office`)}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
