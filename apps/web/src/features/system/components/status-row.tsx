import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { type CheckState, StatusChip } from './status-chip.tsx';

interface StatusRowProps {
  name: string;
  icon: ReactNode;
  state: CheckState;
  /** One line under the name: details when healthy, the reason when not. */
  detail?: ReactNode;
}

/** One checked component; a named region so its state can be found by its name. */
export function StatusRow({ name, icon, state, detail }: StatusRowProps) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      aria-busy={state === 'loading'}
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, py: 2 }}
    >
      <Avatar
        variant="rounded"
        sx={(theme) => ({
          bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.16),
          color: theme.palette.mode === 'dark' ? 'primary.light' : 'primary.dark',
          borderRadius: 2,
        })}
      >
        {icon}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {name}
        </Typography>
        {state === 'loading' && !detail ? (
          <Skeleton variant="text" sx={{ width: '60%', fontSize: '0.875rem' }} />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
      <StatusChip state={state} />
    </Box>
  );
}
