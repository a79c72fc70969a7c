import type { TUserStatistics } from '@atrium/contract';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

const TILES: { key: keyof TUserStatistics; label: string }[] = [
  { key: 'users', label: 'People' },
  { key: 'learners', label: 'Learners' },
  { key: 'trainers', label: 'Trainers' },
  { key: 'admins', label: 'Admins' },
  { key: 'active_users', label: 'Active accounts' },
  { key: 'new_users', label: 'New users' },
  { key: 'courses', label: 'Courses' },
  { key: 'published_courses', label: 'Published courses' },
  { key: 'enrolments', label: 'Enrolments' },
  { key: 'completions', label: 'Completions' },
  { key: 'logins', label: 'Sign-ins' },
];

/**
 * Current statistics as tiles: figures in text already, so they need no table alternative. A
 * description list, so a screen reader pairs each figure with its name.
 */
export function StatisticsTiles({ stats }: { stats: TUserStatistics }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        // Two tiles a row at 360 px, as many as fit on wider screens.
        gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))',
      }}
    >
      {TILES.map((tile) => (
        <Box
          key={tile.key}
          sx={(theme) => ({
            p: 1.5,
            borderRadius: 2,
            bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
            display: 'flex',
            flexDirection: 'column-reverse',
          })}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {tile.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700 }}>
            {stats[tile.key].toLocaleString()}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
