import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Stat {
  key: string;
  label: string;
  icon: ReactNode;
  /** undefined while loading. */
  value: string | undefined;
  caption?: string;
}

function StatTile({ stat }: { stat: Stat }) {
  return (
    <Card sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
      {/* Two tiles a row on phones: icon above the figures there, beside them from sm up. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.25, sm: 2 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Avatar
          variant="rounded"
          sx={(theme) => ({
            bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.18),
            color: 'text.primary',
            borderRadius: 2,
          })}
        >
          {stat.icon}
        </Avatar>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {stat.label}
          </Typography>
          <Typography
            sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 700, lineHeight: 1.3 }}
          >
            {stat.value ?? <Skeleton width={56} />}
          </Typography>
        </Stack>
      </Stack>
      {stat.caption && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {stat.caption}
        </Typography>
      )}
    </Card>
  );
}

/** The dashboard's counts, from data that exists today. */
export function StatTiles({ stats }: { stats: Stat[] }) {
  return (
    <Grid container spacing={{ xs: 1.5, sm: 2.5 }}>
      {stats.map((stat) => (
        <Grid key={stat.key} size={{ xs: 6, lg: 12 / Math.min(stats.length, 4) }}>
          <StatTile stat={stat} />
        </Grid>
      ))}
    </Grid>
  );
}
