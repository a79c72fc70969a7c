import type { TAssessmentPage } from '@atrium/contract';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShuffleOutlined from '@mui/icons-material/ShuffleOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The description's words without markup, for the page's header. */
function plainOf(html: string): string {
  if (!html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * A page of the assessment as a card: a handle to drag it among pages, its questions (a drop
 * target for questions from other pages), and the buttons that add to it or change it.
 */
export function PageSection({
  page,
  label,
  index,
  count,
  slotIds,
  editable,
  onMove,
  onAddQuestions,
  onAddDraw,
  onEdit,
  onDelete,
  children,
}: {
  page: TAssessmentPage;
  label: string;
  index: number;
  count: number;
  slotIds: string[];
  editable: boolean;
  onMove: (to: number) => void;
  onAddQuestions: () => void;
  onAddDraw: () => void;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  const sortable = useSortable({ id: `p${page.id}`, disabled: !editable });
  const description = plainOf(page.description);
  return (
    <Card
      component="section"
      ref={sortable.setNodeRef}
      aria-label={label}
      variant="outlined"
      sx={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.7 : 1,
        position: 'relative',
        zIndex: sortable.isDragging ? 3 : 'auto',
      }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          bgcolor: 'action.hover',
          flexWrap: 'wrap',
        }}
      >
        {editable && (
          <Tooltip title="Drag the page, or press Space then the arrow keys">
            <IconButton
              ref={sortable.setActivatorNodeRef}
              size="small"
              aria-label={`Reorder ${label}`}
              sx={{ cursor: 'grab', touchAction: 'none' }}
              {...sortable.attributes}
              {...sortable.listeners}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Stack sx={{ flex: 1, minWidth: 160 }}>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {label}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {description}
            </Typography>
          )}
        </Stack>
        {editable && (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <IconButton
              size="small"
              aria-label={`Move ${label} up`}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${label} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
            <Tooltip title="Title and description">
              <IconButton size="small" aria-label={`Edit ${label}`} onClick={onEdit}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete the page">
              <IconButton size="small" aria-label={`Delete ${label}`} onClick={onDelete}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
      <SortableContext items={slotIds} strategy={verticalListSortingStrategy}>
        <Stack
          component="ul"
          aria-label={`Questions of ${label}`}
          sx={{ listStyle: 'none', m: 0, p: 0, minHeight: 48 }}
        >
          {children}
        </Stack>
      </SortableContext>
      {slotIds.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 1.5 }}>
          No questions on this page yet{editable ? ': add some, or drag them here.' : '.'}
        </Typography>
      )}
      {editable && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ p: 1.5, pt: 1, flexWrap: 'wrap' }}>
          <Button size="small" startIcon={<AddOutlined />} onClick={onAddQuestions}>
            Add from the bank
          </Button>
          <Button size="small" startIcon={<ShuffleOutlined />} onClick={onAddDraw}>
            Add a random draw
          </Button>
        </Stack>
      )}
    </Card>
  );
}
