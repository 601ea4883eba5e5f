/**
 * The rich-text editor of page content (Tiptap, loaded only when a form needs it). It offers only
 * what the server keeps (PAGE_ALLOWED_TAGS): paragraphs, headings 2–4, bold, italic, underline,
 * https and mailto links, lists, quotes and line breaks; the server sanitises what arrives anyway.
 */
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { cx, inputClass } from '@/components/ui';
import { isAllowedLink } from './rich-text/links';
import { Toolbar } from './rich-text/Toolbar';

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
  /** Shown, not edited (a read view): no toolbar, not a text box. */
  readOnly?: boolean;
}

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
  readOnly = false,
}: RichTextEditorProps) {
  const editor = useEditor({
    editable: !readOnly,
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
        ...(readOnly ? {} : { role: 'textbox', 'aria-multiline': 'true' }),
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        lang: language,
        dir: language === 'ar' ? 'rtl' : 'ltr',
        'data-testid': testId ?? '',
        class: readOnly
          ? 'prose-content max-w-none'
          : cx(inputClass(Boolean(invalid)), 'prose-content min-h-40 max-w-none'),
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
      {!readOnly && <Toolbar editor={editor} label={label} />}
      <EditorContent editor={editor} />
    </div>
  );
}
