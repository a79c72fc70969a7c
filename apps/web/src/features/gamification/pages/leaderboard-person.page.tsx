import type { TUserPointDetail } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { VisuallyHiddenTable } from '../../../shared/ui/visually-hidden.tsx';
import { useUserPoints } from '../api/gamification.api.ts';
import { BadgeGallery } from '../components/badges/badge-gallery.tsx';
import { LedgerTable } from '../components/ledger-table.tsx';
import { LevelChip } from '../components/level-chip.tsx';
import { formatPoints, GAMIFICATION_MESSAGES, leaderboardUrl, monthLabel } from '../labels.ts';

const PointsChart = lazy(() => import('../components/points-chart.tsx'));
const PAGE_SIZES = [10, 25, 50];

function Problem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <PageContainer maxWidth={760}>
      <Alert
        severity={onRetry ? 'error' : 'info'}
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          ) : (
            <Button color="inherit" size="small" component={RouterLink} to={leaderboardUrl()}>
              Leaderboard
            </Button>
          )
        }
      >
        {text}
      </Alert>
    </PageContainer>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{value}</Typography>
      </CardContent>
    </Card>
  );
}

/** Where the person stands: their level and how far the next one is. */
function LevelCard({ detail }: { detail: TUserPointDetail }) {
  const next = detail.next_level;
  const base = detail.level?.min_points ?? 0;
  const span = next ? next.min_points - base : 0;
  const progress = next && span > 0 ? Math.round(((detail.points - base) * 100) / span) : 100;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Level
        </Typography>
        {detail.level ? (
          <LevelChip level={detail.level} size="medium" />
        ) : (
          <Typography sx={{ fontWeight: 600 }}>No levels yet</Typography>
        )}
        {next && (
          <Box sx={{ mt: 1.5 }}>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={`Progress to ${next.name}`}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatPoints(next.min_points - detail.points)} to {next.name}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * '/leaderboard/{id}' (spec §2): one person's points: their level, totals and rank, the last
 * twelve months and every award. Open to the person and the admins of their organisation; for
 * anyone else the server answers 404 and the page says so.
 */
export default function LeaderboardPersonPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const detail = useUserPoints(id, { page: page + 1, page_size: pageSize }, valid);

  if (!valid) return <Problem text={GAMIFICATION_MESSAGES.notFound} />;
  if (detail.error instanceof ApiError && detail.error.status === 404)
    return <Problem text={GAMIFICATION_MESSAGES.notFound} />;
  if (detail.isError)
    return (
      <Problem
        text={errorMessage(detail.error, GAMIFICATION_MESSAGES.detailFailed)}
        onRetry={() => detail.refetch()}
      />
    );
  const data = detail.data;
  return (
    <PageContainer maxWidth={1040}>
      <PageHeader
        title={
          data ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} component="span">
              <Avatar src={data.user.avatar ?? undefined} alt="" />
              <span>{data.user.fullname}</span>
            </Stack>
          ) : (
            <Skeleton width={240} aria-label="Loading the name" />
          )
        }
        subtitle="Points, level, badges and every award."
        actions={
          <Button component={RouterLink} to={leaderboardUrl()} startIcon={<ArrowBackOutlined />}>
            Leaderboard
          </Button>
        }
      />
      {!data ? (
        <Stack spacing={2} aria-busy>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={260} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="All time" value={formatPoints(data.points)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="This month" value={formatPoints(data.month_points)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Rank" value={data.rank === null ? '—' : `#${data.rank}`} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <LevelCard detail={data} />
            </Grid>
          </Grid>

          <BadgeGallery userId={id} />

          <SectionCard title="Last twelve months">
            <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
              <PointsChart monthly={data.monthly} />
            </Suspense>
            <VisuallyHiddenTable>
              <caption>Points per month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody>
                {data.monthly.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{monthLabel(m.month)}</th>
                    <td>{m.points}</td>
                  </tr>
                ))}
              </tbody>
            </VisuallyHiddenTable>
          </SectionCard>

          <SectionCard title="History" subtitle="Each achievement counts once.">
            {data.ledger.results.length === 0 ? (
              <EmptyState icon={<EmojiEventsOutlined fontSize="large" />}>
                No points yet.
              </EmptyState>
            ) : (
              <>
                <LedgerTable entries={data.ledger.results} />
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
                  {...pageCountProps(data.ledger)}
                />
              </>
            )}
          </SectionCard>
        </Stack>
      )}
    </PageContainer>
  );
}
