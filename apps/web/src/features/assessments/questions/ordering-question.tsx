import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SortableList } from '../../../shared/ui/sortable-list.tsx';
import { QuestionHtml } from './question-html.tsx';
import type { TypeProps } from './question-model.ts';
import { ReviewMark } from './review-mark.tsx';

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/**
 * The learner's order of the items: their saved order, else the order the server gave (already
 * shuffled per attempt). Ids the view does not know are dropped and missing ones appended, so a
 * stale answer still shows every item once.
 */
export function currentOrder(items: { id: string }[], order: string[] | undefined): string[] {
  const known = new Set(items.map((i) => i.id));
  const kept = (order ?? []).filter((id, i, all) => known.has(id) && all.indexOf(id) === i);
  return [...kept, ...items.map((i) => i.id).filter((id) => !kept.includes(id))];
}

/** Drag the handles, or use the up/down buttons (or Space and the arrows on a handle). */
export function OrderingQuestion({
  view,
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'ordering'>) {
  const order = currentOrder(view.items, answer?.order);
  // SortableList keys rows by number: each item's place in the view's list is stable.
  const rows = order.map((id) => {
    const index = view.items.findIndex((i) => i.id === id);
    return { id: index + 1, key: id, text: view.items[index]?.text ?? '' };
  });
  return (
    <Stack sx={{ gap: 1 }}>
      {!readOnly && (
        <Typography variant="body2" id={`${labelId}-how`} sx={{ color: 'text.secondary' }}>
          Put the items in order, first at the top.
        </Typography>
      )}
      <Stack sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
        <SortableList
          items={rows}
          label="Items to order"
          disabled={readOnly}
          nameOf={(r) => plain(r.text) || `item ${r.id}`}
          onReorder={(next) => onChange({ type: 'ordering', order: next.map((r) => r.key) })}
          renderItem={(r, index) => {
            const right = solution ? solution.order[index] === r.key : null;
            const correctText = solution
              ? view.items.find((i) => i.id === solution.order[index])?.text
              : undefined;
            return (
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, minWidth: 24 }}>{index + 1}.</Typography>
                <QuestionHtml html={r.text} sx={{ flex: 1, minWidth: 0 }} />
                {right !== null && <ReviewMark kind={right ? 'right' : 'wrong'} />}
                {right === false && correctText && (
                  <Typography variant="body2" sx={{ width: '100%', color: 'text.secondary' }}>
                    Correct here: {plain(correctText)}
                  </Typography>
                )}
              </Stack>
            );
          }}
        />
      </Stack>
    </Stack>
  );
}
