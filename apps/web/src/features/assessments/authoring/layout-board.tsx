import type { TAssessmentDetail, TAssessmentPage, TAssessmentSlot } from '@atrium/contract';
import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import {
  useAddPage,
  useRemovePage,
  useRemoveSlot,
  useSaveLayout,
  useUpdateSlot,
} from '../api/assessments.api.ts';
import {
  dropSlot,
  type Layout,
  layoutOf,
  movePage,
  moveSlot,
  pageOfSlot,
  sameLayout,
} from './layout-model.ts';
import { PageDialog } from './page-dialog.tsx';
import { PageSection } from './page-section.tsx';
import { QuestionPickerDialog } from './question-picker-dialog.tsx';
import { RandomDrawDialog } from './random-draw-dialog.tsx';
import { SlotRow, slotName } from './slot-row.tsx';

const pageLabel = (page: TAssessmentPage, index: number) =>
  page.title ? `Page ${index + 1}: ${page.title}` : `Page ${index + 1}`;

/**
 * The assessment's pages and questions. Pages and questions are dragged (mouse, touch, keyboard)
 * or moved with buttons; questions may change page. Every move shows at once and saves the whole
 * order through the layout operation; a refusal brings the server's order back.
 */
export function LayoutBoard({ detail }: { detail: TAssessmentDetail }) {
  const editable = detail.abilities.edit;
  const [layout, setLayout] = useState<Layout>(() => layoutOf(detail.pages));
  useEffect(() => setLayout(layoutOf(detail.pages)), [detail.pages]);
  const save = useSaveLayout(detail.id);
  const addPage = useAddPage(detail.id);
  const removePage = useRemovePage();
  const removeSlot = useRemoveSlot();
  const updateSlot = useUpdateSlot();
  const [picking, setPicking] = useState<number | null>(null);
  const [drawing, setDrawing] = useState<number | null>(null);
  const [editing, setEditing] = useState<TAssessmentPage | null>(null);
  const [deletingPage, setDeletingPage] = useState<TAssessmentPage | null>(null);
  const [removing, setRemoving] = useState<TAssessmentSlot | null>(null);

  const pages = new Map(detail.pages.map((p) => [p.id, p]));
  const slots = new Map(detail.pages.flatMap((p) => p.slots).map((s) => [s.id, s]));
  const ordered = layout
    .map((l) => pages.get(l.id))
    .filter((p): p is TAssessmentPage => Boolean(p));
  const labels = ordered.map((p, i) => ({ id: p.id, label: pageLabel(p, i) }));

  const commit = (next: Layout) => {
    if (sameLayout(next, layout)) return;
    setLayout(next);
    save.mutate(next);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Pages land among pages; a question lands on the question nearest it in the page under the
  // pointer, or at the end of that page when it has none.
  const collision: CollisionDetection = (args) => {
    const isPage = (id: unknown) => String(id).startsWith('p');
    const pageTargets = args.droppableContainers.filter((c) => isPage(c.id));
    if (isPage(args.active.id)) return closestCenter({ ...args, droppableContainers: pageTargets });
    const slotTargets = args.droppableContainers.filter((c) => !isPage(c.id));
    const under = pointerWithin({ ...args, droppableContainers: pageTargets })[0];
    if (under) {
      const onPage = layout.find((p) => `p${p.id}` === under.id)?.slots.map((s) => `s${s}`) ?? [];
      const near = slotTargets.filter((c) => onPage.includes(String(c.id)));
      return near.length > 0 ? closestCenter({ ...args, droppableContainers: near }) : [under];
    }
    return closestCenter({ ...args, droppableContainers: slotTargets });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const a = String(active.id);
    const o = String(over.id);
    const id = Number(a.slice(1));
    const target = Number(o.slice(1));
    if (a.startsWith('p')) {
      const toPage = o.startsWith('p') ? target : pageOfSlot(layout, target);
      const to = layout.findIndex((p) => p.id === toPage);
      if (to >= 0) commit(movePage(layout, id, to));
    } else {
      commit(dropSlot(layout, id, o.startsWith('p') ? { page: target } : { slot: target }));
    }
  };

  return (
    <Stack spacing={2}>
      <DndContext sensors={sensors} collisionDetection={collision} onDragEnd={onDragEnd}>
        <SortableContext
          items={layout.map((p) => `p${p.id}`)}
          strategy={verticalListSortingStrategy}
        >
          {ordered.map((page, pageIndex) => {
            const ids = layout[pageIndex]?.slots ?? [];
            const label = pageLabel(page, pageIndex);
            return (
              <PageSection
                key={page.id}
                page={page}
                label={label}
                index={pageIndex}
                count={ordered.length}
                slotIds={ids.map((s) => `s${s}`)}
                editable={editable}
                onMove={(to) => commit(movePage(layout, page.id, to))}
                onAddQuestions={() => setPicking(page.id)}
                onAddDraw={() => setDrawing(page.id)}
                onEdit={() => setEditing(page)}
                onDelete={() => {
                  removePage.reset();
                  setDeletingPage(page);
                }}
              >
                {ids.map((slotId, index) => {
                  const slot = slots.get(slotId);
                  if (!slot) return null;
                  return (
                    <SlotRow
                      key={slot.id}
                      slot={slot}
                      index={index}
                      count={ids.length}
                      pages={labels}
                      pageId={page.id}
                      editable={editable}
                      onMove={(to) => commit(moveSlot(layout, slot.id, page.id, to))}
                      onMoveToPage={(to) =>
                        commit(
                          moveSlot(
                            layout,
                            slot.id,
                            to,
                            layout.find((p) => p.id === to)?.slots.length ?? 0,
                          ),
                        )
                      }
                      onPoints={(points) => updateSlot.mutate({ slot: slot.id, points })}
                      onDrawCount={(count) =>
                        updateSlot.mutate({ slot: slot.id, draw_count: count })
                      }
                      onRemove={() => setRemoving(slot)}
                    />
                  );
                })}
              </PageSection>
            );
          })}
        </SortableContext>
      </DndContext>
      {editable && (
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onClick={() => addPage.mutate()}
          loading={addPage.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add a page
        </Button>
      )}
      {picking !== null && (
        <QuestionPickerDialog pageId={picking} onClose={() => setPicking(null)} />
      )}
      {drawing !== null && <RandomDrawDialog pageId={drawing} onClose={() => setDrawing(null)} />}
      {editing && <PageDialog page={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this question?"
        confirmLabel="Remove"
        destructive
        busy={removeSlot.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && removeSlot.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      >
        {removing
          ? `“${slotName(removing)}” leaves this assessment. The question stays in the bank.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={deletingPage !== null}
        title="Delete this page?"
        confirmLabel="Delete"
        destructive
        busy={removePage.isPending}
        onClose={() => setDeletingPage(null)}
        onConfirm={() =>
          deletingPage &&
          removePage.mutate(deletingPage.id, {
            onSuccess: () => setDeletingPage(null),
            onError: () => setDeletingPage(null),
          })
        }
      >
        The page and the questions placed on it leave the assessment (the bank keeps them). An
        assessment keeps at least one page.
      </ConfirmDialog>
    </Stack>
  );
}
