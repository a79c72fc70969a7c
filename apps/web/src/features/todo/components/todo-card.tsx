import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useTodo, useTodoKinds } from '../api/todo.api.ts';
import { TODO_MESSAGES } from '../labels.ts';
import { TodoDialog } from './todo-dialog.tsx';
import { TodoList } from './todo-list.tsx';
import { TodoSkeleton } from './todo-row.tsx';

/** The items the card shows; the rest are in the dialog. */
export const TODO_CARD_SHOWN = 5;

/**
 * The dashboard's to-do card (every role): the first of the caller's next actions, overdue
 * first, and "Show all" opening the whole list with search, kind filters and pages. No route of
 * its own: the list is the caller's, and the dashboard is where they look for it.
 */
export function TodoCard() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const first = useTodo({ page_size: TODO_CARD_SHOWN });
  const kinds = useTodoKinds();
  const count = first.data?.count ?? 0;

  return (
    <SectionCard
      title="To do"
      subtitle={
        first.data && count > 0
          ? `${count} ${count === 1 ? 'thing' : 'things'} waiting on you.`
          : 'Your next actions.'
      }
      busy={first.isPending}
      action={
        count > 0 ? (
          <Button size="small" onClick={() => setOpen(true)} aria-haspopup="dialog">
            Show all
          </Button>
        ) : undefined
      }
    >
      {first.isPending ? (
        <TodoSkeleton rows={3} />
      ) : first.isError ? (
        <Typography variant="body2" role="alert" sx={{ color: 'text.secondary' }}>
          {errorMessage(first.error, TODO_MESSAGES.loadFailed)}
        </Typography>
      ) : count === 0 ? (
        <EmptyState icon={<TaskAltOutlined />}>{TODO_MESSAGES.empty}</EmptyState>
      ) : (
        <>
          <Typography id={listId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Next up
          </Typography>
          <TodoList items={first.data.results} kinds={kinds.data} labelledBy={listId} />
        </>
      )}
      {first.data && first.data.unavailable.length > 0 && (
        <Typography variant="caption" component="p" sx={{ color: 'warning.main', mt: 1 }}>
          {TODO_MESSAGES.partial}
        </Typography>
      )}
      {open && <TodoDialog onClose={() => setOpen(false)} />}
    </SectionCard>
  );
}
