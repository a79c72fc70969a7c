import type { TLearningPathDetail, TLearningPathItem } from '@atrium/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { courseUrl, formatMinutes } from '../../path-labels.ts';
import { lockReason, timelineEntries } from '../../path-timeline.ts';
import { ProgressLine } from '../progress-line.tsx';

const ICON = {
  completed: <CheckCircle color="success" />,
  in_progress: <PlayCircleOutlined color="primary" />,
  available: <RadioButtonUnchecked color="primary" />,
  locked: <LockOutlined color="disabled" />,
} as const;
const STATE_TEXT = {
  completed: 'Completed',
  in_progress: 'In progress',
  available: 'Available',
  locked: 'Locked',
} as const;

function ItemRow({
  item,
  detail,
  next,
}: {
  item: TLearningPathItem;
  detail: TLearningPathDetail;
  next: boolean;
}) {
  const state = item.mine?.state;
  const reason = lockReason(item, detail);
  const duration = formatMinutes(item.course.duration);
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1.25 }}>
      <Box sx={{ display: 'flex', pt: 0.25 }} aria-hidden>
        {state ? ICON[state] : <RadioButtonUnchecked color="disabled" />}
      </Box>
      <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          {state === 'locked' ? (
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.course.title}
            </Typography>
          ) : (
            <Link
              component={RouterLink}
              to={courseUrl(item.course.id)}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {item.course.title}
            </Link>
          )}
          {next && <Chip size="small" color="primary" label="Next" />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {state ? STATE_TEXT[state] : 'Course'}
          {duration ? ` · ${duration}` : ''}
        </Typography>
        {reason && (
          <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {reason}
          </Typography>
        )}
        {state === 'in_progress' && item.mine && (
          <Box sx={{ maxWidth: 320 }}>
            <ProgressLine
              percent={item.mine.progress_percent}
              label={`Progress in ${item.course.title}`}
            />
          </Box>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The path as a vertical timeline: each course with where the learner stands in it (and why a
 * locked one waits), elective sets as a group saying how many to choose and how many are done.
 */
export function ItemTimeline({ detail }: { detail: TLearningPathDetail }) {
  const enrolled = detail.mine !== null;
  return (
    <Box
      component="ol"
      aria-label="Courses of the path"
      sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider', pl: 2 }}
    >
      {timelineEntries(detail).map((entry) =>
        entry.kind === 'item' ? (
          <ItemRow
            key={entry.item.id}
            item={entry.item}
            detail={detail}
            next={detail.next_item === entry.item.id}
          />
        ) : (
          <Box
            component="li"
            key={`group-${entry.group.id}`}
            sx={{ my: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography variant="subtitle2">{entry.group.title}</Typography>
              <Chip
                size="small"
                color={entry.done >= entry.group.required ? 'success' : 'secondary'}
                label={`Choose ${entry.group.required} of ${entry.items.length}`}
              />
              {enrolled && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {Math.min(entry.done, entry.group.required)} of {entry.group.required} done
                </Typography>
              )}
            </Stack>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {entry.items.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  detail={detail}
                  next={detail.next_item === item.id}
                />
              ))}
            </Box>
          </Box>
        ),
      )}
    </Box>
  );
}
