import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type Editor, useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';

/* The editor's formatting buttons, one toolbar per editor. */

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

export function Toolbar({
  editor,
  disabled,
  onInsertImage,
}: {
  editor: Editor;
  disabled: boolean;
  /** Given only when the field takes images: the button opens the image dialog. */
  onInsertImage?: () => void;
}) {
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
      {onInsertImage && (
        <ToolButton label="Insert image" disabled={disabled} onClick={onInsertImage}>
          <AddPhotoAlternateOutlined fontSize="small" />
        </ToolButton>
      )}
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
