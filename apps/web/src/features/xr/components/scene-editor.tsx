import type { TXrHotspot } from '@atrium/contract';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeleteScene, useHotspotMutations, useScene } from '../api/xr.api.ts';
import type { Placement, ViewerHandle } from '../viewers/viewer-types.ts';
import { HotspotDialog } from './hotspot-dialog.tsx';
import { HotspotList } from './hotspot-list.tsx';
import { SceneStage } from './scene-stage.tsx';

const EMPTY = { title: '', text: '' };

/**
 * Where no viewer can say (no WebGL): the model's origin, or straight ahead on a panorama,
 * fanned out so hotspots added this way do not sit on one another.
 */
function fallbackPlacement(media: 'model' | 'panorama', count: number): Placement {
  return media === 'model'
    ? { position: `0 ${(count * 0.1).toFixed(1)} 0`, normal: null }
    : { yaw: ((count * 30 + 180) % 360) - 180, pitch: 0 };
}

/** The studio's editor of one scene: preview, hotspots placed by click or keyboard, delete. */
export function SceneEditor({ sceneId }: { sceneId: number }) {
  const scene = useScene(sceneId);
  const hotspots = useHotspotMutations(sceneId);
  const remove = useDeleteScene();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const viewer = useRef<ViewerHandle>(null);
  const [placing, setPlacing] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<Placement | null>(null);
  const [editing, setEditing] = useState<TXrHotspot | null>(null);
  const [deleting, setDeleting] = useState<TXrHotspot | null>(null);
  const [confirmScene, setConfirmScene] = useState(false);

  if (scene.isPending)
    return (
      <Stack spacing={2}>
        <Skeleton width="40%" height={48} />
        <Skeleton variant="rounded" height={420} />
      </Stack>
    );
  if (scene.isError)
    return (
      <Stack spacing={2}>
        <BackLink />
        <LoadError
          error={scene.error}
          fallback="The scene could not be loaded."
          onRetry={() => scene.refetch()}
        />
      </Stack>
    );

  const s = scene.data;
  const addAtView = () =>
    setDraft(viewer.current?.currentPlacement() ?? fallbackPlacement(s.media, s.hotspots.length));

  return (
    <>
      <BackLink />
      <PageHeader
        title={s.title}
        subtitle={`${s.media === 'model' ? '3D model' : '360° image'} · ${s.hotspots.length} hotspot${s.hotspots.length === 1 ? '' : 's'} · used in ${s.used_by_modules} module${s.used_by_modules === 1 ? '' : 's'}`}
        actions={
          s.abilities.delete && (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutline />}
              onClick={() => setConfirmScene(true)}
            >
              Delete scene
            </Button>
          )
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box sx={{ flex: 2, minWidth: 0 }}>
          <SceneStage
            media={s.media}
            assetUrl={s.asset_url}
            title={s.title}
            hotspots={s.hotspots}
            onSelect={setSelected}
            onPlace={
              placing
                ? (placement) => {
                    setPlacing(false);
                    setDraft(placement);
                  }
                : null
            }
            handleRef={viewer}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
            <Button variant="contained" startIcon={<AddLocationAltOutlined />} onClick={addAtView}>
              Add hotspot at the current view
            </Button>
            <ToggleButton
              value="place"
              selected={placing}
              onChange={() => setPlacing((p) => !p)}
              size="small"
              color="primary"
            >
              <TouchAppOutlined sx={{ mr: 1 }} aria-hidden />
              {placing ? 'Click the scene to place…' : 'Place by clicking'}
            </ToggleButton>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Turn the {s.media === 'model' ? 'model' : 'view'} so the spot is in the middle and add a
            hotspot there, or switch on “Place by clicking” and click the spot.
          </Typography>
        </Box>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2, borderRadius: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
            Hotspots
          </Typography>
          {s.hotspots.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No hotspots yet. Learners complete the scene by opening every hotspot.
            </Typography>
          ) : (
            <HotspotList
              label="Hotspots of this scene"
              hotspots={s.hotspots}
              selected={selected}
              onSelect={setSelected}
              actions={(h) => (
                <Stack direction="row">
                  <IconButton
                    aria-label={`Edit hotspot ${h.title}`}
                    onClick={() => setEditing(h)}
                    size="small"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Delete hotspot ${h.title}`}
                    onClick={() => setDeleting(h)}
                    size="small"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              )}
            />
          )}
          <Alert severity="info" sx={{ mt: 2 }}>
            To use it in a course, open the course’s module in the course editor, choose “Attach
            from repository” and pick “{s.title}” (kind AR/VR scene).
          </Alert>
        </Paper>
      </Stack>

      <HotspotDialog
        open={draft !== null}
        heading="New hotspot"
        initial={EMPTY}
        busy={hotspots.add.isPending}
        error={hotspots.add.error}
        onClose={() => {
          setDraft(null);
          hotspots.add.reset();
        }}
        onSave={(value) =>
          draft &&
          hotspots.add.mutate(
            { ...value, placement: draft },
            {
              onSuccess: () => {
                setDraft(null);
                enqueueSnackbar('Hotspot added.', { variant: 'success' });
              },
            },
          )
        }
      />
      <HotspotDialog
        open={editing !== null}
        heading="Edit hotspot"
        initial={editing ?? EMPTY}
        busy={hotspots.edit.isPending}
        error={hotspots.edit.error}
        onClose={() => {
          setEditing(null);
          hotspots.edit.reset();
        }}
        onSave={(value) =>
          editing &&
          hotspots.edit.mutate({ id: editing.id, ...value }, { onSuccess: () => setEditing(null) })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this hotspot?"
        confirmLabel="Delete hotspot"
        destructive
        busy={hotspots.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          hotspots.remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) =>
              enqueueSnackbar(errorMessage(err, 'The hotspot could not be deleted.'), {
                variant: 'error',
              }),
          })
        }
      >
        “{deleting?.title}” goes, with learners’ visits to it.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmScene}
        title="Delete this scene?"
        confirmLabel="Delete scene"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirmScene(false)}
        onConfirm={() =>
          remove.mutate(s.id, {
            onSuccess: () => {
              enqueueSnackbar('Scene deleted.', { variant: 'success' });
              void navigate('/ar-vr-studio');
            },
            onError: (err) => {
              setConfirmScene(false);
              enqueueSnackbar(errorMessage(err, 'The scene could not be deleted.'), {
                variant: 'error',
              });
            },
          })
        }
      >
        “{s.title}”, its model or image and its hotspots are deleted. A scene a course module uses
        cannot be deleted: remove it from the module first.
      </ConfirmDialog>
    </>
  );
}

function BackLink() {
  return (
    <Button component={RouterLink} to="/ar-vr-studio" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      All scenes
    </Button>
  );
}
