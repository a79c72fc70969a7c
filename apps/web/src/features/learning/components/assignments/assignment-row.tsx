import type { TAssignment } from '@atrium/contract';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDate } from '../enrolment/enrolment-logic.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * One assignment in the section's list. The whole text block is one button that opens the
 * submissions, so the row is a single tab stop before its edit and delete buttons.
 */
export function AssignmentRow({
  assignment,
  moduleTitle,
  onOpen,
  actions,
}: {
  assignment: TAssignment;
  moduleTitle: string | null;
  onOpen: () => void;
  actions?: ReactNode;
}) {
  const count = assignment.submission_count ?? 0;
  const overdue = assignment.due_at !== null && new Date(assignment.due_at) < new Date();
  const details = [
    assignment.due_at ? `Due ${formatDate(assignment.due_at)}` : 'No due date',
    `Out of ${assignment.max_score}`,
    moduleTitle ? `Module: ${moduleTitle}` : null,
  ].filter(Boolean);
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        pr: 0.5,
      }}
    >
      <ButtonBase
        onClick={onOpen}
        aria-label={`${assignment.title}: view ${plural(count, 'submission')}`}
        sx={{
          flex: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          textAlign: 'left',
          borderRadius: 2,
          px: 1.5,
          py: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {assignment.title}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: overdue ? 'warning.main' : 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {details.join(' · ')}
          </Typography>
          <Box>
            <Chip
              size="small"
              variant="outlined"
              color={count > 0 ? 'primary' : 'default'}
              label={plural(count, 'submission')}
            />
          </Box>
        </Stack>
        <ChevronRight sx={{ color: 'text.secondary' }} aria-hidden />
      </ButtonBase>
      {actions}
    </Box>
  );
}
