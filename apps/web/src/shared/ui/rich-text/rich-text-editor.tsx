import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect } from 'react';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the visible label, so the editable region is named by it. */
  labelId: string;
  describedBy?: string;
  error?: boolean;
  disabled?: boolean;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          disabled={disabled}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const IDLE = {
  bold: false,
  italic: false,
  heading: false,
  bullet: false,
  ordered: false,
  quote: false,
  undo: false,
  redo: false,
};

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  // Re-render the toolbar when the selection's marks change, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.isDestroyed
        ? IDLE
        : {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            heading: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          },
  });
  const chain = () => editor.chain().focus();
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label="Text formatting"
      sx={{ flexWrap: 'wrap', gap: 0.25, px: 0.5, py: 0.25 }}
    >
      <ToolButton
        label="Bold"
        active={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      >
        <FormatBold fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Italic"
        active={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      >
        <FormatItalic fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Heading"
        active={state.heading}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Title fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Bulleted list"
        active={state.bullet}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulleted fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        active={state.ordered}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumbered fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Quote"
        active={state.quote}
        disabled={disabled}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <FormatQuote fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        label="Undo"
        disabled={disabled || !state.undo}
        onClick={() => chain().undo().run()}
      >
        <Undo fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Redo"
        disabled={disabled || !state.redo}
        onClick={() => chain().redo().run()}
      >
        <Redo fontSize="small" />
      </ToolButton>
    </Stack>
  );
}

/**
 * The TipTap editor for course descriptions. Loaded lazily (its own chunk): only authoring
 * screens need ProseMirror. The server sanitises the HTML, so the editor offers only what the
 * sanitiser keeps (marks, headings, lists, quotes, links).
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  error = false,
  disabled = false,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }),
    ],
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
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

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
        },
      })}
    >
      {/* Read-only text needs no formatting buttons. */}
      {editor && !disabled && (
        <>
          <Toolbar editor={editor} disabled={disabled} />
          <Divider />
        </>
      )}
      <EditorContent editor={editor} />
    </Box>
  );
}
