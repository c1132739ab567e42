import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState } from 'react';
import { sayError, staffCall } from './api';

interface Props {
  /** The id of the element that labels the body (its visible label). */
  labelledBy: string;
  describedBy?: string;
  /** The body as saved: HTML the site's allow-list has already cleaned. */
  initial: string;
  onChange: (html: string) => void;
  s: Record<string, string>;
  language: 0 | 1;
  disabled?: boolean;
}

/**
 * A story's body in TipTap (a kept editor): paragraphs, two heading levels, bold, italic, lists,
 * links (http, https, mailto, tel only) and uploaded pictures. ProseMirror's schema keeps nothing
 * else, so a script, an event handler or a javascript: link in the HTML it is given is dropped
 * before it reaches the page; the server's allow-list cleans the saved body again.
 */
export default function RichText({ labelledBy, describedBy, initial, onChange, s, language, disabled }: Props) {
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    // its own <style> element would need 'unsafe-inline' in the console's CSP: the rules are in staff.css
    injectCSS: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], isAllowedUri: (url) => /^(https?:|mailto:|tel:|\/)/i.test(url) },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        class: 'staff-richtext-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            heading: e.isActive('heading', { level: 2 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
          }
        : null,
  });

  const onLink = () => {
    if (!editor) return;
    const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(s['staff.news.linkPrompt'], current);
    if (href === null) return;
    if (!href.trim()) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const onImage = async (chosen: File | undefined) => {
    if (!editor || !chosen) return;
    setUploading(true);
    setError(null);
    try {
      const body = new FormData();
      body.set('file', chosen);
      const stored = await staffCall<{ url: string }>('/news/images', { method: 'POST', body: { multipart: body }, language });
      editor.chain().focus().setImage({ src: stored.url, alt: '' }).run();
    } catch (e) {
      setError(sayError(e, s).replace(/^.*?file: /, ''));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const button = (label: string, pressed: boolean | undefined, run: () => void, text: string) => (
    <button type="button" aria-pressed={pressed ?? false} title={label} disabled={!editor || disabled} onClick={run}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
  return (
    <div className="staff-richtext">
      <div className="staff-toolbar" role="toolbar" aria-label={s['staff.news.toolbar']}>
        {button(s['staff.news.bold'], active?.bold, () => editor?.chain().focus().toggleBold().run(), 'B')}
        {button(s['staff.news.italic'], active?.italic, () => editor?.chain().focus().toggleItalic().run(), 'I')}
        {button(s['staff.news.heading'], active?.heading, () => editor?.chain().focus().toggleHeading({ level: 2 }).run(), 'H')}
        {button(s['staff.news.bulletList'], active?.bullet, () => editor?.chain().focus().toggleBulletList().run(), '•')}
        {button(s['staff.news.orderedList'], active?.ordered, () => editor?.chain().focus().toggleOrderedList().run(), '1.')}
        {button(s['staff.news.link'], active?.link, onLink, '↗')}
        <label className="staff-toolbar-file">
          <span>{uploading ? s['staff.news.uploading'] : s['staff.news.insertImage']}</span>
          <input ref={file} type="file" accept="image/png,image/jpeg,image/webp" disabled={!editor || disabled || uploading} onChange={(e) => onImage(e.currentTarget.files?.[0])} />
        </label>
      </div>
      <EditorContent editor={editor} />
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
