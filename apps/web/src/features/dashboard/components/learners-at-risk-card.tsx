import { reportOps, type TLearnerAtRiskRow } from '@atrium/contract';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { ExportMenu } from '../../reports/index.ts';
import { days, shortDate } from '../dashboard-format.ts';

const SHOWN = 5;

function ReasonChips({ row }: { row: TLearnerAtRiskRow }) {
  return (
    <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
      {row.reasons.includes('overdue') && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={`Overdue · ${days(row.days_overdue)}`}
          title={`Was due ${shortDate(row.due_at)}`}
        />
      )}
      {row.reasons.includes('inactive') && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={row.days_inactive === null ? 'Inactive' : `Inactive · ${days(row.days_inactive)}`}
          title={`Last activity ${shortDate(row.last_activity_at)}`}
        />
      )}
    </Stack>
  );
}

function RiskRow({ row }: { row: TLearnerAtRiskRow }) {
  const hasPage = useHasPage();
  const profile = `/profile_by_id/${row.learner.id}`;
  const name = row.learner.fullname;
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: { xs: 0.5, sm: 1.5 }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          {hasPage(profile) ? (
            <Link
              component={RouterLink}
              to={profile}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          )}
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {row.course.title} · {row.progress_percent} % done · last active{' '}
            {shortDate(row.last_activity_at)}
          </Typography>
        </Box>
        <ReasonChips row={row} />
      </Stack>
    </Box>
  );
}

/**
 * The trainer's "Learners at risk": learners of their courses who are overdue (a due date passed
 * without completion) or inactive (no progress for two weeks), most at risk first
 * (learners-at-risk/, which scopes the list to the caller on the server).
 */
export function LearnersAtRiskCard() {
  const query = { page: 1, page_size: SHOWN } as const;
  const list = useQuery({
    queryKey: ['reports', reportOps.learnersAtRisk.path, query],
    queryFn: ({ signal }) => call(reportOps.learnersAtRisk, { query, signal }),
  });
  const rows = list.data?.results;
  const more = list.data && list.data.count > (rows?.length ?? 0);
  return (
    <SectionCard
      title="Learners at risk"
      subtitle={`Overdue, or no progress for ${days(list.data?.inactive_days ?? 14)}.`}
      busy={list.isPending}
      action={
        // The card shows the few most at risk; the export holds every one of them.
        rows && rows.length > 0 ? (
          <ExportMenu source={{ kind: 'widget', widget: 'learners-at-risk', query: {} }} />
        ) : undefined
      }
    >
      {list.isPending ? (
        [0, 1, 2].map((row) => <Skeleton key={row} height={44} />)
      ) : list.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(list.error, 'Could not get the learners at risk.')}
        </Typography>
      ) : !rows || rows.length === 0 ? (
        <EmptyState icon={<VerifiedOutlined />}>Nobody is at risk.</EmptyState>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((row) => (
              <RiskRow key={row.enrolment_id} row={row} />
            ))}
          </Stack>
          {more && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
              The {rows.length} most at risk of {list.data.count.toLocaleString()}
              {list.data.count_capped ? '+' : ''}.
            </Typography>
          )}
        </>
      )}
    </SectionCard>
  );
}
