import type { TLeaderboardEntry } from '@atrium/contract';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  type BoardQuery,
  useBoardDepartments,
  useGamificationSettings,
  useLeaderboard,
  useUpdateGamificationSettings,
} from '../api/gamification.api.ts';
import { LevelsCard } from '../components/admin/levels-card.tsx';
import { RulesCard } from '../components/admin/rules-card.tsx';
import { AwardsCard } from '../components/badges/awards-card.tsx';
import { BadgesCard } from '../components/badges/badges-card.tsx';
import { BoardList } from '../components/board-list.tsx';
import { MyPlace } from '../components/my-place.tsx';
import { GAMIFICATION_MESSAGES, monthLabel } from '../labels.ts';

const PAGE_SIZES = [10, 25, 50];

/**
 * '/leaderboard' (spec §2): the organisation's people by points, this month (so early adopters
 * do not sit on top for ever) or all time; admins may narrow it to a department. The caller's
 * own place is pinned above the list, and they choose here whether others see their name.
 * Admins also edit the organisation's levels and point rules below the board.
 */
export default function LeaderboardPage() {
  const { user } = useSession();
  const admin = user ? isAdmin(user.role.id) : false;
  const [period, setPeriod] = useState<BoardQuery['period']>('month');
  const [department, setDepartment] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1]!);
  const query: BoardQuery = {
    period,
    page: page + 1,
    page_size: pageSize,
    ...(department === '' ? {} : { department }),
  };
  const board = useLeaderboard(query);
  // The board names its organisation: its departments are the ones to filter by.
  const departments = useBoardDepartments(board.data?.organisation_id ?? 0, admin);
  const settings = useGamificationSettings();
  const updateSettings = useUpdateGamificationSettings();
  const data = board.data;
  const canOpen = (entry: TLeaderboardEntry) => entry.is_me || admin;
  const monthly = period === 'month';

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title="Leaderboard"
        subtitle="Points for completed lessons, courses, paths and sessions, passed assessments, accepted answers and signing in each day."
        actions={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={period}
            aria-label="Period"
            onChange={(_e, next: BoardQuery['period'] | null) => {
              if (!next) return;
              setPeriod(next);
              setPage(0);
            }}
          >
            <ToggleButton value="month">This month</ToggleButton>
            <ToggleButton value="all">All time</ToggleButton>
          </ToggleButtonGroup>
        }
      />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        {admin && (
          <TextField
            select
            size="small"
            label="Department"
            value={department}
            onChange={(e) => {
              const v = e.target.value as unknown as number | '';
              setDepartment(v === '' ? '' : Number(v));
              setPage(0);
            }}
            sx={{ minWidth: 220 }}
            disabled={!departments.data}
          >
            <MenuItem value="">Whole organisation</MenuItem>
            {(departments.data ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ flex: 1 }} />
        <FormControlLabel
          control={
            <Switch
              checked={settings.data?.listed ?? true}
              disabled={!settings.data || updateSettings.isPending}
              onChange={(e) => updateSettings.mutate({ listed: e.target.checked })}
            />
          }
          label="Show my name to others"
        />
      </Stack>

      {user && data && <MyPlace me={data.me} userId={user.id} monthly={monthly} />}

      <SectionCard
        title={
          monthly ? `This month${data?.month ? `: ${monthLabel(data.month)}` : ''}` : 'All time'
        }
        subtitle="People with the same points share a rank. Anyone who chose not to show their name appears as an anonymous learner."
        busy={board.isPending}
      >
        {board.isPending ? (
          <Stack spacing={1} aria-hidden>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : board.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => board.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(board.error, GAMIFICATION_MESSAGES.boardFailed)}
          </Alert>
        ) : data && data.results.length === 0 ? (
          <EmptyState icon={<EmojiEventsOutlined fontSize="large" />}>
            {monthly
              ? 'Nobody has points this month yet. Complete a lesson to be the first.'
              : 'Nobody has points yet. Complete a lesson to be the first.'}
          </EmptyState>
        ) : (
          data && (
            <>
              <BoardList entries={data.results} canOpen={canOpen} />
              <TablePagination
                component="div"
                page={page}
                rowsPerPage={pageSize}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={(_e, next) => setPage(next)}
                onRowsPerPageChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(0);
                }}
                {...pageCountProps(data)}
              />
            </>
          )
        )}
      </SectionCard>

      {admin && (
        <Stack spacing={2} sx={{ mt: 4 }}>
          <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
            Points and levels
          </Typography>
          <LevelsCard />
          <RulesCard />
          <BadgesCard />
          <AwardsCard />
        </Stack>
      )}
    </PageContainer>
  );
}
