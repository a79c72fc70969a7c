import type { TActivity, TPage } from '@atrium/contract';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { signInChannel } from '../activity-summary.ts';

interface SignInListProps {
  title: string;
  subtitle?: string;
  signIns: UseQueryResult<TPage<TActivity>>;
  /** Name the user on each line (the organisation's list) or not (your own). */
  showUser?: boolean;
}

/** Recent sign-ins, newest first: yours, or the organisation's for admins. */
export function SignInList({ title, subtitle, signIns, showUser = false }: SignInListProps) {
  return (
    <SectionCard title={title} subtitle={subtitle} busy={signIns.isPending}>
      {signIns.isPending ? (
        [0, 1, 2].map((row) => <Skeleton key={row} height={48} />)
      ) : signIns.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Sign-ins could not be loaded.
        </Typography>
      ) : signIns.data.results.length === 0 ? (
        <EmptyState icon={<LoginOutlined />}>No sign-ins recorded yet.</EmptyState>
      ) : (
        <List disablePadding dense>
          {signIns.data.results.map((entry) => (
            <ListItem key={entry.id} disableGutters divider sx={{ gap: 2 }}>
              <ListItemText
                primary={showUser ? entry.username : signInChannel(entry.login_from)}
                secondary={showUser ? signInChannel(entry.login_from) : undefined}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
              <Typography
                component="time"
                dateTime={entry.created_at}
                title={new Date(entry.created_at).toLocaleString()}
                variant="body2"
                sx={{ color: 'text.secondary', flexShrink: 0 }}
              >
                {formatRelativeTime(entry.created_at)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
