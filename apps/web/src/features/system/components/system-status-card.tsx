import DnsRounded from '@mui/icons-material/DnsRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import StorageRounded from '@mui/icons-material/StorageRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDuration } from '../../../shared/format/duration.ts';
import { API_DOCS_PATH, useHealth, useReady } from '../api/system.api.ts';
import type { CheckState } from './status-chip.tsx';
import { StatusRow } from './status-row.tsx';

function checkState(query: UseQueryResult): CheckState {
  if (query.isPending) return 'loading';
  return query.isError ? 'error' : 'ok';
}

const SUMMARY: Record<
  CheckState,
  { text: string; tone: 'success.main' | 'error.main' | 'text.disabled' }
> = {
  loading: { text: 'Checking systems…', tone: 'text.disabled' },
  ok: { text: 'All systems operational', tone: 'success.main' },
  error: { text: 'Some systems are unavailable', tone: 'error.main' },
};

export function SystemStatusCard() {
  const health = useHealth();
  const ready = useReady();

  const apiState = checkState(health);
  const databaseState = checkState(ready);
  const overall: CheckState =
    apiState === 'error' || databaseState === 'error'
      ? 'error'
      : apiState === 'loading' || databaseState === 'loading'
        ? 'loading'
        : 'ok';

  const checkedAt = Math.max(
    health.dataUpdatedAt,
    health.errorUpdatedAt,
    ready.dataUpdatedAt,
    ready.errorUpdatedAt,
  );
  const isFetching = health.isFetching || ready.isFetching;

  const refresh = () => {
    void health.refetch();
    void ready.refetch();
  };

  return (
    <Card component="article" aria-labelledby="system-status-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, pb: { xs: 1, sm: 1 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="system-status-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
              System status
            </Typography>
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.75 }}>
              <Box
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: SUMMARY[overall].tone,
                  flexShrink: 0,
                }}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {SUMMARY[overall].text}
              </Typography>
            </Box>
          </Box>
          <Tooltip title="Check again">
            <span>
              <IconButton aria-label="Check again" onClick={refresh} disabled={isFetching}>
                {isFetching ? <CircularProgress size={20} aria-hidden /> : <RefreshRounded />}
              </IconButton>
            </span>
          </Tooltip>
        </Stack>

        <Stack divider={<Divider flexItem />} sx={{ mt: 1.5 }}>
          <StatusRow
            name="API"
            icon={<DnsRounded />}
            state={apiState}
            detail={
              health.data
                ? `Version ${health.data.version} · up ${formatDuration(health.data.uptime_seconds)}`
                : health.isError
                  ? errorMessage(health.error)
                  : undefined
            }
          />
          <StatusRow
            name="Database"
            icon={<StorageRounded />}
            state={databaseState}
            detail={
              ready.data
                ? 'Connected and accepting queries'
                : ready.isError
                  ? errorMessage(ready.error)
                  : undefined
            }
          />
        </Stack>
      </CardContent>

      <Divider />
      <CardActions
        sx={{
          px: { xs: 2.5, sm: 3 },
          py: 2,
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1.5,
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        <Button
          href={API_DOCS_PATH}
          variant="outlined"
          color="inherit"
          startIcon={<MenuBookRounded />}
          endIcon={<OpenInNewRounded sx={{ fontSize: '1rem !important' }} />}
          target="_blank"
          rel="noopener"
        >
          API documentation
        </Button>
        {checkedAt > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Last checked {new Date(checkedAt).toLocaleTimeString()}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}
