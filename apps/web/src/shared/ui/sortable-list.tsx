import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { moveById, moveItem } from './reorder.ts';

interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** The item's name, for the handles' and buttons' labels and the announcements. */
  nameOf: (item: T) => string;
  /** Called with the whole list in its new order. */
  onReorder: (next: T[]) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** Read-only lists show the items without handles or buttons. */
  disabled?: boolean;
  /** Names the list for assistive technology. */
  label: string;
}

function SortableRow({
  id,
  name,
  index,
  count,
  disabled,
  onMove,
  children,
}: {
  id: number;
  name: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  return (
    <Stack
      component="li"
      ref={setNodeRef}
      direction="row"
      sx={{
        alignItems: 'center',
        gap: 0.5,
        py: 1,
        px: { xs: 0.5, sm: 1 },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        transform: CSS.Transform.toString(transform),
        transition,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      {!disabled && (
        <Tooltip title="Drag, or press Space then the arrow keys">
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            aria-label={`Reorder ${name}`}
            sx={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <DragIndicator fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Stack sx={{ flex: 1, minWidth: 0 }}>{children}</Stack>
      {!disabled && (
        <Stack direction="row">
          <IconButton
            size="small"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A list reordered by dragging the handle (mouse, touch) or, from the keyboard, with the handle
 * (Space, arrows, Space) or the up/down buttons. dnd-kit announces each move to screen readers.
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  onReorder,
  renderItem,
  disabled = false,
  label,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = (id: unknown) => items.find((item) => item.id === id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveById(items, Number(active.id), Number(over.id)));
  };
  const position = (id: unknown) => items.findIndex((item) => item.id === id) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(byId(active.id) as T)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${nameOf(byId(active.id) as T)} is at position ${position(over.id)} of ${items.length}.`
              : '',
          onDragEnd: ({ active, over }) =>
            over ? `${nameOf(byId(active.id) as T)} dropped at position ${position(over.id)}.` : '',
          onDragCancel: ({ active }) => `Moving ${nameOf(byId(active.id) as T)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              name={nameOf(item)}
              index={index}
              count={items.length}
              disabled={disabled}
              onMove={(from, to) => onReorder(moveItem(items, from, to))}
            >
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
