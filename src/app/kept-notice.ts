/**
 * The notice of a write kept in the outbox, to be sent when the connection returns
 * (docs/architecture.md §5): not done yet, so never "Success!". Apart from ./notify.tsx, which is
 * on every first load: only the screens that write offline need it.
 */
import { loadNotices } from './notify';

export const notifyKept = (text: string) =>
  void loadNotices().then(
    (notices) => notices.show('kept', text),
    (error: unknown) => console.warn('Could not show a notice', text, error),
  );
