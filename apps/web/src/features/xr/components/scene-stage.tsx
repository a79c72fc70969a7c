import type { TXrHotspot, TXrMedia } from '@atrium/contract';
import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ViewerProps } from '../viewers/viewer-types.ts';

/*
 * The viewer of a scene: model-viewer for models, Photo Sphere Viewer for panoramas, each in a
 * chunk of its own loaded only here. When it cannot run (no WebGL, a headless browser, a failed
 * download) it says so; the hotspot list beside it still works, so nobody is stuck.
 */

const ModelView = lazy(() => import('../viewers/model-view.tsx'));
const PanoramaView = lazy(() => import('../viewers/panorama-view.tsx'));

export interface SceneStageProps extends Omit<ViewerProps, 'onUnavailable' | 'url'> {
  media: TXrMedia;
  assetUrl: string;
  hotspots: readonly TXrHotspot[];
}

export function SceneStage({ media, assetUrl, ...props }: SceneStageProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const onUnavailable = useCallback((reason: string) => setProblem(reason), []);
  const View = media === 'model' ? ModelView : PanoramaView;
  return (
    <Box
      sx={(theme) => ({
        position: 'relative',
        height: { xs: 300, sm: 420, md: 480 },
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100',
        // Hotspot buttons of both viewers (model-viewer slots and sphere markers).
        '& .xr-hotspot': {
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '2px solid #fff',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          font: 'inherit',
          fontWeight: 700,
          cursor: 'pointer',
          boxShadow: 3,
          padding: 0,
        },
        '& .xr-hotspot[data-visited="true"]': { bgcolor: 'success.main' },
        '& .xr-hotspot:focus-visible': { outline: '3px solid', outlineColor: 'warning.main' },
      })}
    >
      {problem ? (
        <Box sx={{ p: 2, height: '100%', display: 'grid', placeItems: 'center' }}>
          <Alert severity="info" icon={<ViewInArOutlined />} sx={{ maxWidth: 440 }}>
            {problem} Use the list of hotspots instead.
          </Alert>
        </Box>
      ) : (
        <Suspense
          fallback={
            <Skeleton
              variant="rectangular"
              height="100%"
              role="progressbar"
              aria-label="Loading the viewer"
            />
          }
        >
          <View {...props} url={assetUrl} onUnavailable={onUnavailable} />
        </Suspense>
      )}
    </Box>
  );
}
