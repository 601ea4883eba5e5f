/**
 * The rich-text editor of page content (Tiptap, loaded only when a form needs it). It offers only
 * what the server keeps (PAGE_ALLOWED_TAGS): paragraphs, headings 2–4, bold, italic, underline,
 * https and mailto links, lists, quotes and line breaks; the server sanitises what arrives anyway.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
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
} from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, cx, inputClass } from '@/components/ui';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  label: string;
  labelId: string;
  language: 'en' | 'ar';
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}

/** https and mailto only, as the server allows. */
const isAllowedLink = (href: string) => /^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(href.trim());

export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  label,
  labelId,
  language,
  invalid,
  describedBy,
  testId,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        // No empty paragraph added after the last block: the stored HTML is what was typed.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        lang: language,
        dir: language === 'ar' ? 'rtl' : 'ltr',
        'data-testid': testId ?? '',
        class: cx(inputClass(Boolean(invalid)), 'prose-content min-h-40 max-w-none'),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (the form reset to the saved record) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="space-y-1">
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { i18n } = useLingui();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  const tool = (name: string, icon: ReactNode, active: boolean | null, run: () => void, disabled = false) => (
    <button
      type="button"
      className={cx(
        'inline-flex size-9 items-center justify-center rounded text-slate-700 hover:bg-slate-200 disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700',
        active && 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/60 dark:text-white',
      )}
      aria-label={name}
      title={name}
      aria-pressed={active === null ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {icon}
    </button>
  );
  const icon = 'size-4';
  return (
    <div className="space-y-2">
      <div
        role="toolbar"
        aria-label={i18n._(msg`Formatting of ${label}`)}
        className="flex flex-wrap gap-1 rounded-md border border-slate-200 p-1 dark:border-slate-700"
      >
        {tool(i18n._(msg`Bold`), <Bold className={icon} />, state.bold, () => chain().toggleBold().run())}
        {tool(i18n._(msg`Italic`), <Italic className={icon} />, state.italic, () =>
          chain().toggleItalic().run(),
        )}
        {tool(i18n._(msg`Underline`), <Underline className={icon} />, state.underline, () =>
          chain().toggleUnderline().run(),
        )}
        {tool(i18n._(msg`Heading`), <Heading2 className={icon} />, state.h2, () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {tool(i18n._(msg`Subheading`), <Heading3 className={icon} />, state.h3, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {tool(i18n._(msg`Bulleted list`), <List className={icon} />, state.bullet, () =>
          chain().toggleBulletList().run(),
        )}
        {tool(i18n._(msg`Numbered list`), <ListOrdered className={icon} />, state.ordered, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool(i18n._(msg`Quote`), <Quote className={icon} />, state.quote, () =>
          chain().toggleBlockquote().run(),
        )}
        {tool(i18n._(msg`Link`), <Link2 className={icon} />, state.link, () => setLinking((open) => !open))}
        {state.link &&
          tool(i18n._(msg`Remove link`), <Unlink className={icon} />, null, () =>
            chain().extendMarkRange('link').unsetLink().run(),
          )}
        {tool(
          i18n._(msg`Undo`),
          <Undo2 className={cx(icon, 'rtl:-scale-x-100')} />,
          null,
          () => chain().undo().run(),
          !state.undo,
        )}
        {tool(
          i18n._(msg`Redo`),
          <Redo2 className={cx(icon, 'rtl:-scale-x-100')} />,
          null,
          () => chain().redo().run(),
          !state.redo,
        )}
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

function LinkForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [href, setHref] = useState(initial || 'https://');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (!isAllowedLink(href)) {
      setError(i18n._(msg`Enter an address that starts with https:// or mailto:.`));
      return;
    }
    onApply(href.trim());
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-60 flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {i18n._(msg`Link address`)}
        </label>
        <input
          id={id}
          type="url"
          dir="ltr"
          autoFocus
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(Boolean(error))}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <Button variant="secondary" onClick={apply}>
        {i18n._(msg`Apply link`)}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {i18n._(msg`Cancel`)}
      </Button>
    </div>
  );
}
