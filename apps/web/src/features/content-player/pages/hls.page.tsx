import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { CenteredPage } from '../../../shared/ui/centered-page.tsx';
import { useVideoStatus } from '../api/video.api.ts';
import { useSharedVideo } from '../api/video-share.api.ts';
import { HlsElement, HlsVideo } from '../video/hls-video.tsx';

/** The file id from `?file=`; anything else is no video. */
export function fileIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('file');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The token from `?share=` (43 URL-safe characters, as the server makes them); else null. */
export function shareTokenFrom(params: URLSearchParams): string | null {
  const raw = params.get('share');
  return raw && /^[A-Za-z0-9_-]{43}$/.test(raw) ? raw : null;
}

/** A public share link, signed out: no cookie is sent, the token in the path is the capability. */
function SharedPlayer({ token }: { token: string }) {
  const shared = useSharedVideo(token);
  if (shared.isPending) return <LinearProgress aria-label="Loading the video" />;
  if (shared.error instanceof ApiError && shared.error.status === 404)
    return (
      <Alert severity="warning">
        This share link does not play: it may have expired or been revoked, or the course is no
        longer published. Ask whoever sent it for a new link.
      </Alert>
    );
  if (shared.error instanceof ApiError && shared.error.status === 429)
    return <Alert severity="warning">Too many requests for now. Try again in a minute.</Alert>;
  if (shared.isError) return <Alert severity="error">{errorMessage(shared.error)}</Alert>;
  const data = shared.data;
  if (data.status !== 'ready' || !data.master)
    return <Alert severity="info">This video is not ready to play yet. Try again later.</Alert>;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {data.title}
      </Typography>
      <HlsElement
        master={data.master}
        source={null}
        poster={data.poster}
        withCredentials={false}
        videoProps={{ 'aria-label': data.title }}
      />
    </Stack>
  );
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
 * `/hls?share={token}` plays a public share link of a published course's video, signed out.
 */
export default function HlsPage() {
  const [params] = useSearchParams();
  const fileId = fileIdFrom(params);
  const hasShare = params.has('share');
  const token = shareTokenFrom(params);
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
            {hasShare ? (
              token ? (
                <SharedPlayer token={token} />
              ) : (
                <Alert severity="warning">
                  This share link is incomplete. Copy the whole link and try again.
                </Alert>
              )
            ) : fileId ? (
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
