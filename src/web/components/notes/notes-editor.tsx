import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { IMAGE_TYPES } from '../../../domain/tutors/tutor-options';
import { Spinner } from '../ui/spinner';
import { NOTES_CONTENT_CLASSES } from './notes-content';
import { NotesToolbar } from './notes-toolbar';

/** Pictures always carry a text alternative (a screen reader says what they are). */
const NoteImage = Image.extend({
  addAttributes() {
    return { ...this.parent?.(), alt: { default: M.noteImageAlt } };
  },
});

/** Only what the server keeps (it drops horizontal rules and headings other than 2-3). */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    horizontalRule: false,
    link: { openOnClick: false, defaultProtocol: 'https' },
  }),
  NoteImage,
];

interface NotesEditorProps {
  initialHtml: string;
  /** The editor's accessible name (the notes' title). */
  label: string;
  disabled: boolean;
  onChange: (html: string) => void;
  /** Stores a picture and answers its URL; throws an Error whose message is shown. */
  uploadImage: (file: File) => Promise<string>;
}

/** An empty document is saved as no notes at all, not as '<p></p>'. */
const htmlOf = (html: string, text: string) =>
  text.trim() === '' && !html.includes('<img') ? '' : html;

/**
 * The rich-text notes editor (TipTap), loaded on demand. Only what the server keeps is offered:
 * headings 2-3, bold, italic, underline, lists, quotes, code, links and uploaded pictures.
 */
export default function NotesEditor({
  initialHtml,
  label,
  disabled,
  onChange,
  uploadImage,
}: NotesEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Options that keep their identity between renders: TipTap then leaves the editor alone.
  const [editorProps] = useState(() => ({
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
      class: `${NOTES_CONTENT_CLASSES} min-h-40 max-h-[50vh] overflow-y-auto px-3 py-2 focus:outline-none`,
    },
  }));
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    autofocus: 'end',
    // Made in an effect, not while rendering: one made while rendering is destroyed unless an
    // effect claims it within 1 ms, which Preact's later effects miss (ADR 043): it was built
    // twice, and what was typed into the first was lost.
    immediatelyRender: false,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(htmlOf(current.getHTML(), current.getText())),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  async function insertImage(file: File) {
    setUploading(true);
    setUploadError(null);
    try {
      const src = await uploadImage(file);
      editor?.chain().focus().setImage({ src, alt: M.noteImageAlt }).run();
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : M.imageUploadFailed);
    } finally {
      setUploading(false);
    }
  }

  if (!editor) return <Spinner label={M.loadingEditor} />;
  return (
    <div data-testid="notes-editor" className="space-y-2">
      <div className="rounded-lg border border-slate-300 bg-white focus-within:border-indigo-500 dark:border-slate-600 dark:bg-slate-950">
        <NotesToolbar
          editor={editor}
          uploading={uploading}
          onPickImage={() => fileInput.current?.click()}
        />
        <EditorContent editor={editor} />
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        aria-label={M.notesTools.image}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void insertImage(file);
        }}
      />
      {uploading && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {M.uploadingImage}
        </p>
      )}
      {uploadError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {uploadError}
        </p>
      )}
    </div>
  );
}
