import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Image from '@tiptap/extension-image';
import { NodeSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { ImageInsertDialog } from './image-insert-dialog.tsx';
import { firstFile, type InsertedImage, type RichTextImages } from './rich-text-images.ts';
import { Toolbar } from './rich-text-toolbar.tsx';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the visible label, so the editable region is named by it. */
  labelId: string;
  describedBy?: string;
  error?: boolean;
  disabled?: boolean;
  /** Offers images (a toolbar button, paste and drop); read once, when the editor is created. */
  images?: RichTextImages;
}

/** Where the dialog's image goes: at the cursor, or where a file was dropped. */
interface Pending {
  file: File | null;
  at?: number;
}

/**
 * Images as blocks of their own, never inline data: URLs (the Image extension's default). An
 * `<img>` from pasted or loaded HTML stays only when the field's `allowSrc` accepts its address:
 * the server would drop any other on save.
 */
const imageExtension = (allowSrc: (src: string) => boolean) =>
  Image.extend({
    parseHTML() {
      return [
        {
          tag: 'img[src]',
          getAttrs: (element) => (allowSrc(element.getAttribute('src') ?? '') ? null : false),
        },
      ];
    },
  });

/**
 * A pasted image file, unless text comes with it: an office suite puts a picture of the copied
 * text beside the text itself, and that paste is for the text.
 */
function pastedImage(event: ClipboardEvent): File | null {
  const data = event.clipboardData;
  if (!data || data.types.includes('text/plain')) return null;
  return firstFile(data);
}

/** The document position under a drop, for the image to land where it was let go. */
function dropPosition(view: EditorView, event: DragEvent): number | undefined {
  return view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
}

/**
 * The TipTap editor for rich text (course descriptions, question text). Loaded lazily (its own
 * chunk): only authoring screens need ProseMirror. The server sanitises the HTML, so the editor
 * offers only what the sanitiser keeps (marks, headings, lists, quotes, links, and images where
 * the field allows them).
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  error = false,
  disabled = false,
  images,
}: RichTextEditorProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  // ProseMirror keeps the handlers it was given; they reach the current state through this.
  const openImageDialog = useRef<(next: Pending) => void>(() => {});
  openImageDialog.current = (next) => {
    if (!disabled) setPending(next);
  };
  // Made once: new extension objects on every render would make TipTap reconfigure each time.
  const [extensions] = useState(() => [
    StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }),
    ...(images ? [imageExtension(images.allowSrc)] : []),
  ]);
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
      ...(images && {
        handlePaste: (_view, event) => {
          const file = pastedImage(event);
          if (!file) return false;
          openImageDialog.current({ file });
          return true;
        },
        handleDrop: (view, event, _slice, moved) => {
          // A move inside the editor (dragging an image along) is ProseMirror's own business.
          const file = moved ? null : firstFile(event.dataTransfer);
          if (!file) return false;
          event.preventDefault();
          openImageDialog.current({ file, at: dropPosition(view, event) });
          return true;
        },
      }),
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  const insertImage = ({ src, alt }: InsertedImage) => {
    const at = pending?.at;
    setPending(null);
    if (!editor || editor.isDestroyed) return;
    const image = { type: 'image', attrs: { src, alt } };
    // No focus() here: the dialog still holds focus, and gives it back as it closes.
    const size = editor.state.doc.content.size;
    if (at === undefined) editor.chain().insertContent(image).run();
    else editor.chain().insertContentAt(Math.min(at, size), image).run();
    // An image inserted last is left selected, and the next key typed would replace it: the
    // cursor goes into the text after it (the paragraph TipTap keeps at the end, or a new one).
    const { selection, doc } = editor.state;
    if (selection instanceof NodeSelection) {
      if (doc.resolve(selection.to).nodeAfter?.isTextblock)
        editor.commands.setTextSelection(selection.to + 1);
      else editor.commands.createParagraphNear();
    }
  };

  // A form reset (another course loaded) replaces the content; typing never comes back here.
  // A destroyed editor (TipTap replaces its instance around mounts) has no schema: leave it be.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Box
      sx={(theme) => ({
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-within': {
          borderColor: error ? 'error.main' : 'primary.main',
          boxShadow: `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}`,
        },
        '& .tiptap': {
          minHeight: 140,
          maxHeight: 420,
          overflowY: 'auto',
          px: 1.75,
          py: 1,
          outline: 'none',
          color: 'text.primary',
          '& p': { my: 0.75 },
          '& h2, & h3': { mt: 1.5, mb: 0.75, fontSize: '1.1rem' },
          '& blockquote': {
            borderLeft: 3,
            borderColor: 'divider',
            pl: 1.5,
            ml: 0,
            color: 'text.secondary',
          },
          '& a': { color: 'primary.main' },
          // Block images at their own size, never wider than the editor (phones included).
          '& img': {
            display: 'block',
            maxWidth: '100%',
            height: 'auto',
            my: 1,
            borderRadius: 0.5,
          },
          '& img.ProseMirror-selectednode': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        },
      })}
    >
      {/* Read-only text needs no formatting buttons. */}
      {editor && !disabled && (
        <>
          <Toolbar
            editor={editor}
            disabled={disabled}
            onInsertImage={images ? () => setPending({ file: null }) : undefined}
          />
          <Divider />
        </>
      )}
      <EditorContent editor={editor} />
      {images && pending && (
        <ImageInsertDialog
          images={images}
          initialFile={pending.file}
          onInsert={insertImage}
          onClose={() => setPending(null)}
        />
      )}
    </Box>
  );
}
