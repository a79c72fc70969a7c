import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { usePlay, useVisit } from '../api/xr.api.ts';
import { HotspotList } from './hotspot-list.tsx';
import { SceneStage } from './scene-stage.tsx';

/**
 * A course item of kind `xr` in the player: the scene, its hotspots beside it, and how many the
 * learner has opened. Opening one records the visit on the server; the item completes there once
 * every hotspot has been visited (the player's progress refreshes with it).
 */
export function XrPlayer({ moduleFileId }: { moduleFileId: number }) {
  const play = usePlay(moduleFileId);
  const visit = useVisit(moduleFileId);
  const [selected, setSelected] = useState<number | null>(null);
  const visited = useMemo(() => new Set(play.data?.visited ?? []), [play.data?.visited]);

  if (play.isPending)
    return (
      <Skeleton variant="rounded" height={420} role="progressbar" aria-label="Loading the scene" />
    );
  if (play.isError)
    return (
      <LoadError
        error={play.error}
        fallback="The scene could not be loaded."
        onRetry={() => play.refetch()}
      />
    );

  const { scene, tracked, completed } = play.data;
  const total = scene.hotspots.length;
  const open = scene.hotspots.find((h) => h.id === selected) ?? null;
  const onSelect = (id: number) => {
    setSelected(id);
    if (tracked && !visited.has(id)) visit.mutate(id);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ flex: 2, minWidth: 0 }}>
        <SceneStage
          media={scene.media}
          assetUrl={scene.asset_url}
          title={scene.title}
          hotspots={scene.hotspots}
          visited={visited}
          onSelect={onSelect}
        />
      </Box>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2, borderRadius: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          Hotspots
        </Typography>
        {total === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            This scene has no hotspots yet.
          </Typography>
        ) : (
          <>
            <Typography role="status" variant="body2" sx={{ mt: 0.5, mb: 1 }}>
              {visited.size} of {total} visited
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(visited.size * 100) / total}
              aria-label="Hotspots visited"
              sx={{ mb: 1.5, height: 6, borderRadius: 3 }}
            />
            <HotspotList
              label="Hotspots of this scene"
              hotspots={scene.hotspots}
              visited={visited}
              selected={selected}
              onSelect={onSelect}
            />
          </>
        )}
        {open && (
          <Box
            role="region"
            aria-label={`Hotspot: ${open.title}`}
            sx={{ mt: 2, p: 1.5, borderRadius: 1.5, bgcolor: 'action.hover' }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{open.title}</Typography>
            {open.text && (
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-line', mt: 0.5, overflowWrap: 'anywhere' }}
              >
                {open.text}
              </Typography>
            )}
          </Box>
        )}
        {visit.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(visit.error, 'The visit could not be recorded. Try again.')}
          </Alert>
        )}
        {!tracked && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            Preview: visits are recorded for enrolled learners only.
          </Typography>
        )}
        {tracked && completed && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Every hotspot visited: this item is complete.
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
