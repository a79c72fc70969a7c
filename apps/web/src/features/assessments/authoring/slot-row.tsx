import { MAX_DRAW, type TAssessmentSlot } from '@atrium/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import ShuffleOutlined from '@mui/icons-material/ShuffleOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { typeLabel } from './labels.ts';

/** What a slot asks, in words: the question's title, or "5 from Safety (fire)". */
export function slotName(slot: TAssessmentSlot): string {
  if (slot.kind === 'fixed') return slot.question?.title ?? 'A removed question';
  const source = [slot.category?.name, slot.tags.length > 0 ? `tags ${slot.tags.join(', ')}` : null]
    .filter(Boolean)
    .join(', ');
  return `${slot.draw_count} random from ${source}`;
}

/** One question or draw on a page: drag handle, what it asks, points, move and remove. */
export function SlotRow({
  slot,
  index,
  count,
  pages,
  pageId,
  editable,
  onMove,
  onMoveToPage,
  onPoints,
  onDrawCount,
  onRemove,
}: {
  slot: TAssessmentSlot;
  index: number;
  count: number;
  pages: { id: number; label: string }[];
  pageId: number;
  editable: boolean;
  onMove: (to: number) => void;
  onMoveToPage: (page: number) => void;
  onPoints: (points: number | null) => void;
  onDrawCount: (count: number) => void;
  onRemove: () => void;
}) {
  const name = slotName(slot);
  const sortable = useSortable({ id: `s${slot.id}`, disabled: !editable });
  const [points, setPoints] = useState(slot.points === null ? '' : String(slot.points));
  useEffect(() => setPoints(slot.points === null ? '' : String(slot.points)), [slot.points]);
  const pointsValue = points.trim() === '' ? null : Number(points);
  const pointsError =
    pointsValue !== null &&
    (!Number.isFinite(pointsValue) || pointsValue < 0 || pointsValue > 1000);
  const [draw, setDraw] = useState(String(slot.draw_count));
  useEffect(() => setDraw(String(slot.draw_count)), [slot.draw_count]);
  const drawValue = Number(draw);
  const drawError = !Number.isInteger(drawValue) || drawValue < 1 || drawValue > MAX_DRAW;
  const short =
    slot.kind === 'random' && slot.available !== null && slot.available < slot.draw_count;

  return (
    <Stack
      component="li"
      ref={sortable.setNodeRef}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{
        gap: 1,
        py: 1,
        px: 1,
        alignItems: { sm: 'center' },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: sortable.isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : 'auto',
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flex: 1, minWidth: 0 }}>
        {editable && (
          <Tooltip title="Drag, or press Space then the arrow keys">
            <IconButton
              ref={sortable.setActivatorNodeRef}
              size="small"
              aria-label={`Reorder ${name}`}
              sx={{ cursor: 'grab', touchAction: 'none' }}
              {...sortable.attributes}
              {...sortable.listeners}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {slot.kind === 'random' && <ShuffleOutlined fontSize="small" color="action" aria-hidden />}
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.25 }}>
            {slot.kind === 'fixed' && slot.question && (
              <>
                <Chip size="small" variant="outlined" label={typeLabel(slot.question.type)} />
                <Chip size="small" variant="outlined" label={`v${slot.question.version}`} />
                {slot.question.status === 'archived' && (
                  <Chip size="small" color="warning" label="Archived in the bank" />
                )}
              </>
            )}
            {slot.kind === 'random' && slot.available !== null && (
              <Chip
                size="small"
                color={short ? 'error' : 'default'}
                variant={short ? 'filled' : 'outlined'}
                label={`${slot.available} available`}
                title="Active questions that match, less those placed in this assessment"
              />
            )}
          </Stack>
        </Stack>
      </Stack>
      {editable && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          {slot.kind === 'random' && (
            <TextField
              size="small"
              type="number"
              label="Draw"
              value={draw}
              onChange={(event) => setDraw(event.target.value)}
              onBlur={() => {
                if (!drawError && drawValue !== slot.draw_count) onDrawCount(drawValue);
              }}
              error={drawError}
              helperText={drawError ? `1 to ${MAX_DRAW}` : undefined}
              slotProps={{
                htmlInput: { min: 1, max: MAX_DRAW, 'aria-label': `Questions drawn for ${name}` },
              }}
              sx={{ width: 88 }}
            />
          )}
          <TextField
            size="small"
            type="number"
            label="Points"
            placeholder="Own"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            onBlur={() => {
              if (!pointsError && pointsValue !== slot.points) onPoints(pointsValue);
            }}
            error={pointsError}
            helperText={pointsError ? '0 to 1000' : undefined}
            slotProps={{
              htmlInput: { min: 0, max: 1000, step: 0.5, 'aria-label': `Points for ${name}` },
            }}
            sx={{ width: 96 }}
          />
          {pages.length > 1 && (
            <TextField
              select
              size="small"
              label="Page"
              value={pageId}
              onChange={(event) => onMoveToPage(Number(event.target.value))}
              slotProps={{ htmlInput: { 'aria-label': `Page of ${name}` } }}
              sx={{ width: 120 }}
            >
              {pages.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <IconButton
            size="small"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
          <Tooltip title="Remove from the assessment">
            <IconButton size="small" aria-label={`Remove ${name}`} onClick={onRemove}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Stack>
  );
}
