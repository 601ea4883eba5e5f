import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { overlayClass } from '@/components/dialogs';

/**
 * A dialog of the list's saved views (./ViewDialogs.tsx, ./ViewsMenu.tsx) on the page's overlay:
 * its title and description, then `children`; `trigger`, when given, opens it.
 */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  testId,
  className,
  title,
  description,
  descriptionClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  testId: string;
  className: string;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={className} data-testid={testId}>
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
