import type { TXrScene } from '@atrium/contract';
import ThreeSixtyOutlined from '@mui/icons-material/ThreeSixtyOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatBytes } from '../../../shared/files/file-rules.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useScenes, XR_PAGE_SIZE } from '../api/xr.api.ts';
import { UploadSceneDialog } from './upload-scene-dialog.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function SceneCard({ scene }: { scene: TXrScene }) {
  const Icon = scene.media === 'model' ? ViewInArOutlined : ThreeSixtyOutlined;
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 2 }}>
      <CardActionArea
        component={RouterLink}
        to={`/ar-vr-studio?scene=${scene.id}`}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Icon color="primary" sx={{ fontSize: 36 }} aria-hidden />
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {scene.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {scene.media === 'model' ? '3D model' : '360° image'} · {formatBytes(scene.size)}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Chip size="small" label={plural(scene.hotspot_count, 'hotspot')} />
                <Chip
                  size="small"
                  variant="outlined"
                  label={
                    scene.used_by_modules
                      ? `In ${plural(scene.used_by_modules, 'module')}`
                      : 'Not in a course yet'
                  }
                />
              </Stack>
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The organisation's scenes, newest first, with the upload. */
export function SceneLibrary() {
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const navigate = useNavigate();
  const scenes = useScenes(page);
  const pages = Math.max(1, Math.ceil((scenes.data?.count ?? 0) / XR_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="AR/VR studio"
        subtitle="3D models and 360° images with hotspots, for your courses."
        actions={
          <Button
            variant="contained"
            startIcon={<UploadOutlined />}
            onClick={() => setUploading(true)}
          >
            Upload a scene
          </Button>
        }
      />
      {scenes.isPending ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={120} />
            </Grid>
          ))}
        </Grid>
      ) : scenes.isError ? (
        <LoadError
          error={scenes.error}
          fallback="The scenes could not be loaded."
          onRetry={() => scenes.refetch()}
        />
      ) : scenes.data.results.length === 0 ? (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 2 }}
        >
          <ViewInArOutlined sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>No scenes yet</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Upload a glTF model or a 360° photo, then place hotspots on it for learners to explore.
          </Typography>
          <Button variant="outlined" onClick={() => setUploading(true)}>
            Upload the first scene
          </Button>
        </Paper>
      ) : (
        <>
          <Grid
            container
            spacing={2}
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-label="Scenes"
          >
            {scenes.data.results.map((scene) => (
              <Grid key={scene.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <SceneCard scene={scene} />
              </Grid>
            ))}
          </Grid>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_e, p) => setPage(p)}
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </>
      )}
      <UploadSceneDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onCreated={(scene) => {
          setUploading(false);
          void navigate(`/ar-vr-studio?scene=${scene.id}`);
        }}
      />
    </>
  );
}
