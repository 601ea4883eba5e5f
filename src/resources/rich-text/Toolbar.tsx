/** The formatting toolbar of the rich-text editor (../RichTextEditor.tsx) and its link form. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ChainedCommands, Editor } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Underline,
  Undo2,
  Unlink,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cx } from '@/components/ui';
import { LinkForm } from './LinkForm';
import { useFormatting } from './useFormatting';

type Formatting = ReturnType<typeof useFormatting>;

/** The toggles, in the toolbar's order: each pressed while its formatting is on. */
const TOGGLES: {
  name: MessageDescriptor;
  Icon: LucideIcon;
  on: keyof Formatting;
  run: (chain: ChainedCommands) => ChainedCommands;
}[] = [
  { name: msg`Bold`, Icon: Bold, on: 'bold', run: (chain) => chain.toggleBold() },
  { name: msg`Italic`, Icon: Italic, on: 'italic', run: (chain) => chain.toggleItalic() },
  { name: msg`Underline`, Icon: Underline, on: 'underline', run: (chain) => chain.toggleUnderline() },
  { name: msg`Heading`, Icon: Heading2, on: 'h2', run: (chain) => chain.toggleHeading({ level: 2 }) },
  { name: msg`Subheading`, Icon: Heading3, on: 'h3', run: (chain) => chain.toggleHeading({ level: 3 }) },
  { name: msg`Bulleted list`, Icon: List, on: 'bullet', run: (chain) => chain.toggleBulletList() },
  { name: msg`Numbered list`, Icon: ListOrdered, on: 'ordered', run: (chain) => chain.toggleOrderedList() },
  { name: msg`Quote`, Icon: Quote, on: 'quote', run: (chain) => chain.toggleBlockquote() },
];

export function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { i18n } = useLingui();
  const state = useFormatting(editor);
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  const icon = 'size-4';
  return (
    <div className="space-y-2">
      <div
        role="toolbar"
        aria-label={i18n._(msg`Formatting of ${label}`)}
        className="flex flex-wrap gap-1 rounded-md border border-slate-200 p-1 dark:border-slate-700"
      >
        {TOGGLES.map(({ name, Icon, on, run }) => (
          <ToolButton
            key={on}
            name={i18n._(name)}
            active={Boolean(state[on])}
            onRun={() => run(chain()).run()}
          >
            <Icon className={icon} />
          </ToolButton>
        ))}
        <ToolButton name={i18n._(msg`Link`)} active={state.link} onRun={() => setLinking((open) => !open)}>
          <Link2 className={icon} />
        </ToolButton>
        {state.link && (
          <ToolButton
            name={i18n._(msg`Remove link`)}
            onRun={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            <Unlink className={icon} />
          </ToolButton>
        )}
        <ToolButton name={i18n._(msg`Undo`)} onRun={() => chain().undo().run()} disabled={!state.undo}>
          <Undo2 className={cx(icon, 'rtl:-scale-x-100')} />
        </ToolButton>
        <ToolButton name={i18n._(msg`Redo`)} onRun={() => chain().redo().run()} disabled={!state.redo}>
          <Redo2 className={cx(icon, 'rtl:-scale-x-100')} />
        </ToolButton>
      </div>
      {linking && (
        <LinkForm
          initial={state.href}
          onApply={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setLinking(false);
          }}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}

/** A button of the toolbar; `active` (a toggle's state) is its pressed state, none for a command. */
function ToolButton({
  name,
  active,
  disabled = false,
  onRun,
  children,
}: {
  name: string;
  active?: boolean;
  disabled?: boolean;
  onRun: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cx(
        'inline-flex size-9 items-center justify-center rounded text-slate-700 hover:bg-slate-200 disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700',
        active && 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/60 dark:text-white',
      )}
      aria-label={name}
      title={name}
      aria-pressed={active}
      disabled={disabled}
      // Keeps the editor's selection: the command runs on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onRun}
    >
      {children}
    </button>
  );
}
