import { useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import {
  Bold,
  Heading2,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Underline,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';

const T = M.notesTools;
const H2 = { level: 2 } as const;

/** The formats a button turns on and off: its name, icon, the node or mark it makes, the toggle. */
const TOGGLES: {
  label: string;
  icon: LucideIcon;
  makes: string;
  toggle: (chain: ChainedCommands) => ChainedCommands;
}[] = [
  { label: T.bold, icon: Bold, makes: 'bold', toggle: (c) => c.toggleBold() },
  { label: T.italic, icon: Italic, makes: 'italic', toggle: (c) => c.toggleItalic() },
  { label: T.underline, icon: Underline, makes: 'underline', toggle: (c) => c.toggleUnderline() },
  { label: T.heading, icon: Heading2, makes: 'heading', toggle: (c) => c.toggleHeading(H2) },
  { label: T.bulletList, icon: List, makes: 'bulletList', toggle: (c) => c.toggleBulletList() },
  {
    label: T.orderedList,
    icon: ListOrdered,
    makes: 'orderedList',
    toggle: (c) => c.toggleOrderedList(),
  },
  { label: T.quote, icon: Quote, makes: 'blockquote', toggle: (c) => c.toggleBlockquote() },
];

/** A typed address as a link: 'example.com' means https; only web and mail links are kept. */
function linkHref(typed: string): string | null {
  const value = /^(https?:|mailto:)/i.test(typed) ? typed : `https://${typed}`;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function editLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const typed = window.prompt(M.linkPrompt, current);
  if (typed === null) return;
  const chain = editor.chain().focus().extendMarkRange('link');
  const href = typed.trim() ? linkHref(typed.trim()) : null;
  if (!typed.trim()) chain.unsetLink().run();
  else if (href) chain.setLink({ href }).run();
}

/** Left and right arrows (Home, End) move along the toolbar, as in any toolbar. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'),
  ];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = {
    ArrowRight: at + 1,
    ArrowLeft: at - 1,
    Home: 0,
    End: buttons.length - 1,
  }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

export function NotesToolbar({
  editor,
  onPickImage,
  uploading,
}: {
  editor: Editor;
  onPickImage: () => void;
  uploading: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      on: TOGGLES.map((tool) => current.isActive(tool.makes)),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      editable: current.isEditable,
    }),
  });
  const off = !state.editable;
  return (
    <div
      role="toolbar"
      aria-label={M.notesToolbar}
      onKeyDown={moveFocus}
      className="flex flex-wrap gap-1 border-b border-slate-200 p-1 dark:border-slate-700"
    >
      {TOGGLES.map((tool, index) => (
        <ToolButton
          key={tool.label}
          label={tool.label}
          pressed={state.on[index]}
          disabled={off}
          onClick={() => tool.toggle(editor.chain().focus()).run()}
        >
          <tool.icon aria-hidden className="h-4 w-4" />
        </ToolButton>
      ))}
      <ToolButton
        label={T.link}
        pressed={state.link}
        disabled={off}
        onClick={() => editLink(editor)}
      >
        <Link aria-hidden className="h-4 w-4" />
      </ToolButton>
      <ToolButton label={T.image} disabled={off || uploading} onClick={onPickImage}>
        <ImagePlus aria-hidden className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label={T.undo}
        disabled={off || !state.canUndo}
        onClick={() => editor.chain().focus().undo().run()}
      >
        <Undo2 aria-hidden className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label={T.redo}
        disabled={off || !state.canRedo}
        onClick={() => editor.chain().focus().redo().run()}
      >
        <Redo2 aria-hidden className="h-4 w-4" />
      </ToolButton>
    </div>
  );
}

/** An icon button; `pressed` only for formats that are on or off (undo is an action). */
function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // A mouse click leaves focus (and the selection) in the text: typing goes on right away.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="grid h-9 w-9 place-items-center rounded-md text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:bg-indigo-900 dark:aria-pressed:text-indigo-100"
    >
      {children}
    </button>
  );
}
