import type { TCalendarKind } from '@atrium/contract';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import { KindSwatch } from './kind-swatch.tsx';

interface KindFiltersProps {
  kinds: TCalendarKind[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  hidden: ReadonlySet<string>;
  onToggle: (kind: string) => void;
}

/** One toggle chip per kind (all on at first): the calendar shows the kinds switched on. */
export function KindFilters({
  kinds,
  loading,
  error,
  onRetry,
  hidden,
  onToggle,
}: KindFiltersProps) {
  if (loading) {
    return (
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        {[0, 1, 2].map((k) => (
          <Skeleton key={k} variant="rounded" width={120} height={32} />
        ))}
      </Stack>
    );
  }
  if (error || !kinds) {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {error ?? 'The filters could not be loaded.'}
      </Alert>
    );
  }
  const order = kinds.map((k) => k.kind);
  return (
    <Stack
      component="fieldset"
      direction="row"
      useFlexGap
      spacing={1}
      // One scrolling row on phones: seven chips wrapped would push the calendar off screen.
      sx={{
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        border: 0,
        p: 0,
        pb: { xs: 0.5, sm: 0 },
        m: 0,
        mb: 2,
        minWidth: 0,
        '& > .MuiChip-root': { flexShrink: 0 },
      }}
    >
      <Box component="legend" sx={visuallyHiddenSx}>
        Show on the calendar
      </Box>
      {kinds.map(({ kind, label }) => {
        const on = !hidden.has(kind);
        return (
          <Chip
            key={kind}
            label={
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                <KindSwatch kind={kind} kinds={order} />
                <span>{label}</span>
              </Stack>
            }
            icon={on ? <CheckOutlined fontSize="small" /> : undefined}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => onToggle(kind)}
            aria-pressed={on}
            aria-label={label}
            sx={on ? undefined : { color: 'text.secondary' }}
          />
        );
      })}
    </Stack>
  );
}
