import type { TTodoItem } from '@atrium/contract';
import EventSeatOutlined from '@mui/icons-material/EventSeatOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';

const ICONS: Record<string, ReactElement> = {
  course: <MenuBookOutlined fontSize="small" />,
  assessment: <QuizOutlined fontSize="small" />,
  learning_path: <RouteOutlined fontSize="small" />,
  approval: <HowToRegOutlined fontSize="small" />,
  classroom_session: <EventSeatOutlined fontSize="small" />,
  classroom_survey: <RateReviewOutlined fontSize="small" />,
};

/** A kind's icon; a kind the web does not know yet (a newer server) gets the generic one. */
export const kindIcon = (kind: string): ReactElement =>
  ICONS[kind] ?? <TaskAltOutlined fontSize="small" />;

/** "Overdue · 3 Dec", "Due today", "Due 9 Dec" (the year only when it is not this one). */
export function dueLabel(item: Pick<TTodoItem, 'due_at' | 'overdue'>, now = dayjs()): string {
  if (item.due_at === null) return '';
  const due = dayjs(item.due_at);
  const day = due.format(due.year() === now.year() ? 'D MMM' : 'D MMM YYYY');
  if (item.overdue) return `Overdue · ${day}`;
  return due.isSame(now, 'day') ? 'Due today' : `Due ${day}`;
}

/**
 * One next action: its kind's icon (named for assistive technology), the title as a link to the
 * item's page (plain text when the app has no such page yet), the detail, and a due chip, in the
 * error colour when overdue and the warning colour when pressing.
 */
export function TodoRow({ item, kindLabel }: { item: TTodoItem; kindLabel: string }) {
  const hasPage = useHasPage();
  const due = dueLabel(item);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.25}
      sx={{ alignItems: 'flex-start', py: 0.75 }}
    >
      <Box
        role="img"
        aria-label={kindLabel}
        title={kindLabel}
        sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}
      >
        {kindIcon(item.kind)}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {hasPage(item.href) ? (
          <Link
            component={RouterLink}
            to={item.href}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
        )}
        {item.detail && (
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {item.detail}
          </Typography>
        )}
      </Box>
      {due && (
        <Chip
          size="small"
          variant={item.overdue ? 'filled' : 'outlined'}
          color={item.overdue ? 'error' : item.priority === 'high' ? 'warning' : 'default'}
          label={due}
          sx={{ flexShrink: 0 }}
        />
      )}
    </Stack>
  );
}

/** Rows' placeholders while the list loads. */
export function TodoSkeleton({ rows }: { rows: number }) {
  return (
    <Stack spacing={0.5} data-testid="todo-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  );
}
