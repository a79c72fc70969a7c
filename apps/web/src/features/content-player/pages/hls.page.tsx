import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { CenteredPage } from '../../../shared/ui/centered-page.tsx';
import { useVideoStatus } from '../api/video.api.ts';
import { HlsVideo } from '../video/hls-video.tsx';

/** The file id from `?file=`; anything else is no video. */
export function fileIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('file');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

function Player({ fileId }: { fileId: number }) {
  const status = useVideoStatus(fileId);
  const location = useLocation();
  if (status.error instanceof ApiError && status.error.status === 401)
    return (
      <Alert
        severity="info"
        action={
          <Button
            component={RouterLink}
            to="/login"
            state={{ from: `${location.pathname}${location.search}` }}
            color="inherit"
            size="small"
          >
            Sign in
          </Button>
        }
      >
        Sign in to watch this video.
      </Alert>
    );
  if (status.error instanceof ApiError && status.error.status === 404)
    return <Alert severity="warning">This video does not exist or is not shared with you.</Alert>;
  return <HlsVideo fileId={fileId} />;
}

/**
 * '/hls' (public, spec §2): a stand-alone player for one course video, `/hls?file={id}`. The
 * page is open to anyone; the video itself plays for those who may see a course using it.
 */
export default function HlsPage() {
  const [params] = useSearchParams();
  const fileId = fileIdFrom(params);
  return (
    <CenteredPage maxWidth="md">
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <OndemandVideo color="primary" />
              <Typography variant="h5" component="h1">
                Video
              </Typography>
            </Stack>
            {fileId ? (
              <Player fileId={fileId} />
            ) : (
              <Alert severity="info">
                No video chosen. Open a video from a course, or add <code>?file=</code> and the
                video’s id to this address.
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
