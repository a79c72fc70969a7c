import { CHECK_STATUS_LABELS, CHECK_STATUSES, type TPlagiarismCheck } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import {
  CHECK_PAGE_SIZE,
  type CheckFilters,
  NO_FILTERS,
  useChecks,
} from '../api/plagiarism.api.ts';
import { ScoreChip } from './score-chip.tsx';
import { SettingsButton } from './settings-dialog.tsx';

/**
 * The checked submissions of the courses the caller manages, newest first: learner, course,
 * assignment, score (highlighted at or over the assignment's threshold), status and flag.
 * Filters: status, flagged, and a course or assignment picked from a row.
 */
export function CheckList() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<CheckFilters>(NO_FILTERS);
  const list = useChecks(page, filters);
  const change = (patch: Partial<CheckFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Status"
          value={filters.status}
          onChange={(e) => change({ status: e.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Any</MenuItem>
          {CHECK_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {CHECK_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Flagged"
          value={filters.flagged}
          onChange={(e) => change({ flagged: e.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="true">Flagged</MenuItem>
          <MenuItem value="false">Not flagged</MenuItem>
        </TextField>
        {filters.course && (
          <Chip
            label={`Course: ${filters.course.title}`}
            onDelete={() => change({ course: null, assignment: null })}
          />
        )}
        {filters.assignment && (
          <>
            <Chip
              label={`Assignment: ${filters.assignment.title}`}
              onDelete={() => change({ assignment: null })}
            />
            <SettingsButton assignment={filters.assignment} />
          </>
        )}
      </Stack>
      {list.isPending ? (
        <Stack spacing={1} aria-label="Loading checks">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The checks could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {filters === NO_FILTERS
            ? 'No submission has been checked yet. Submissions to your courses’ assignments are checked as they arrive.'
            : 'No checks match these filters.'}
        </Typography>
      ) : (
        <>
          <List aria-label="Checked submissions" disablePadding>
            {list.data.results.map((c) => (
              <CheckRow
                key={c.id}
                check={c}
                onCourse={() => change({ course: c.course, assignment: null })}
                onAssignment={() => change({ course: c.course, assignment: c.assignment })}
              />
            ))}
          </List>
          {list.data.count > CHECK_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / CHECK_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function CheckRow({
  check: c,
  onCourse,
  onAssignment,
}: {
  check: TPlagiarismCheck;
  onCourse: () => void;
  onAssignment: () => void;
}) {
  return (
    <ListItem
      divider
      disablePadding
      sx={{
        display: 'block',
        borderLeft: 4,
        borderLeftColor: c.over_threshold ? 'error.main' : 'transparent',
      }}
    >
      <ListItemButton
        component={Link}
        to={`/plagiarism/${c.id}`}
        sx={{ display: 'block', px: 1.5 }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography
            component="span"
            variant="subtitle1"
            sx={{ flex: 1, overflowWrap: 'anywhere' }}
          >
            {c.learner.fullname}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {c.flagged && <Chip size="small" color="warning" label="Flagged" />}
            <ScoreChip check={c} />
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {c.course.title} · {c.assignment.title} · submitted{' '}
          {new Date(c.submitted_at).toLocaleString()}
          {c.status === 'failed' && c.error ? ` · ${c.error}` : ''}
        </Typography>
      </ListItemButton>
      <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 1 }}>
        <Chip size="small" variant="outlined" label="This course" onClick={onCourse} />
        <Chip size="small" variant="outlined" label="This assignment" onClick={onAssignment} />
      </Stack>
    </ListItem>
  );
}
