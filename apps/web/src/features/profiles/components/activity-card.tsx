import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDuration } from '../../../shared/format/duration.ts';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useActivity } from '../../activity/index.ts';
import { moduleLabel, signInChannel, timePerModule } from '../../dashboard/index.ts';

/** The module visits the time summary is built from. */
const RECENT_VISITS = 100;

/** For admins: when and how the user signed in lately, and where their time went. */
export function ActivityCard({ userId }: { userId: number }) {
  const signIns = useActivity(
    { user: userId, kind: 'sign_in', page_size: 8 },
    true,
    MESSAGES.listFailed,
  );
  const visits = useActivity(
    { user: userId, kind: 'module_time', page_size: RECENT_VISITS },
    true,
    MESSAGES.listFailed,
  );
  const totals = visits.data ? timePerModule(visits.data.results, 8) : [];
  const longest = totals[0]?.seconds ?? 0;

  return (
    <SectionCard
      title="Activity"
      subtitle="Visible to administrators."
      busy={signIns.isPending || visits.isPending}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h3" sx={{ fontSize: '0.95rem', mb: 1 }}>
            Recent sign-ins
          </Typography>
          {signIns.isPending ? (
            [0, 1, 2].map((row) => <Skeleton key={row} height={40} />)
          ) : signIns.isError || signIns.data.results.length === 0 ? (
            <EmptyState icon={<InsightsOutlined />}>
              {signIns.isError ? 'Sign-ins could not be loaded.' : 'No sign-ins recorded yet.'}
            </EmptyState>
          ) : (
            <List dense disablePadding aria-label="Recent sign-ins">
              {signIns.data.results.map((entry) => (
                <ListItem key={entry.id} divider disableGutters>
                  <ListItemText
                    primary={signInChannel(entry.login_from)}
                    secondary={entry.ip ? `From ${entry.ip}` : undefined}
                  />
                  <Typography
                    component="time"
                    dateTime={entry.created_at}
                    title={new Date(entry.created_at).toLocaleString()}
                    variant="body2"
                    sx={{ color: 'text.secondary', flexShrink: 0, ml: 2 }}
                  >
                    {formatRelativeTime(entry.created_at)}
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h3" sx={{ fontSize: '0.95rem', mb: 1 }}>
            Time per module
          </Typography>
          {visits.isPending ? (
            [0, 1, 2].map((row) => <Skeleton key={row} height={40} />)
          ) : totals.length === 0 ? (
            <EmptyState icon={<InsightsOutlined />}>
              {visits.isError ? 'Time per module could not be loaded.' : 'No time recorded yet.'}
            </EmptyState>
          ) : (
            <Stack
              component="ul"
              spacing={1.25}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
              aria-label="Time per module"
            >
              {totals.map((total) => (
                <li key={total.module}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {moduleLabel(total.module)}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {formatDuration(total.seconds)}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={longest ? (total.seconds / longest) * 100 : 0}
                    aria-hidden
                    sx={{ height: 6, borderRadius: 3 }}
                  />
                </li>
              ))}
            </Stack>
          )}
        </Grid>
      </Grid>
    </SectionCard>
  );
}
