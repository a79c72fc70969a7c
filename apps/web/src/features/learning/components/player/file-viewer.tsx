import type { TModuleFileItem } from '@atrium/contract';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useRef } from 'react';
import { formatBytes } from '../../../../shared/files/file-rules.ts';
import { courseKeys } from '../../../catalogue/index.ts';
import { HlsVideo, ScormPlayer } from '../../../content-player/index.ts';
import { LtiLaunch } from '../../../lti/index.ts';
import { XrPlayer } from '../../../xr/index.ts';
import { reachedWatchedShare, type ViewerKind, viewerKind } from './player-logic.ts';

/** What each file kind is called on a download card. */
const KIND_LABELS: Record<string, string> = {
  pdf: 'PDF document',
  document: 'Office document',
  scorm: 'SCORM package',
  xr: 'AR/VR scene',
  lti: 'External tool (LTI)',
  video: 'Video',
  audio: 'Audio',
  image: 'Image',
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? 'File';

/** The file URL with `download=1`: the server then sends it as an attachment. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

function FileLinks({ file }: { file: TModuleFileItem }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        href={file.file}
        target="_blank"
        rel="noopener"
        startIcon={<OpenInNewOutlined />}
      >
        Open in a new tab
      </Button>
      <Button
        size="small"
        href={downloadUrl(file.file)}
        download={file.name}
        startIcon={<DownloadOutlined />}
      >
        Download
      </Button>
    </Stack>
  );
}

/** Anything the browser cannot show here: its name, kind and size, and a download button. */
function DownloadCard({ file }: { file: TModuleFileItem }) {
  const Icon =
    file.kind === 'scorm'
      ? FolderZipOutlined
      : file.kind === 'document'
        ? ArticleOutlined
        : InsertDriveFileOutlined;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Icon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {kindLabel(file.kind)} · {formatBytes(file.size)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            Download this file and open it on your device.
          </Typography>
        </Box>
        <Button
          variant="contained"
          href={downloadUrl(file.file)}
          download={file.name}
          startIcon={<DownloadOutlined />}
        >
          Download
        </Button>
      </Stack>
    </Paper>
  );
}

interface FileViewerProps {
  file: TModuleFileItem;
  /** Called once per showing when a video or recording has been played far enough. */
  onWatched: () => void;
}

/** Shows one course file the way its kind allows: inline where the browser can, else a download. */
export function FileViewer({ file, onWatched }: FileViewerProps) {
  const kind: ViewerKind = viewerKind(file);
  const reported = useRef(false);
  const queryClient = useQueryClient();
  const onProgress = (event: SyntheticEvent<HTMLMediaElement>) => {
    const media = event.currentTarget;
    if (!reported.current && reachedWatchedShare(media.currentTime, media.duration)) {
      reported.current = true;
      onWatched();
    }
  };

  switch (kind) {
    case 'pdf':
      return (
        <Stack spacing={1}>
          <Box
            component="iframe"
            src={file.file}
            title={file.name}
            sx={{
              width: '100%',
              height: { xs: '65vh', md: '75vh' },
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.default',
            }}
          />
          {/* Phone browsers often show no PDF in a frame: the links always work. */}
          <FileLinks file={file} />
        </Stack>
      );
    case 'video':
      // HLS renditions once transcoded (the original meanwhile); 90% watched completes it.
      return (
        <HlsVideo
          key={file.id}
          fileId={file.file_id}
          videoProps={{ onTimeUpdate: onProgress, onEnded: onProgress, 'aria-label': file.name }}
        />
      );
    case 'scorm':
      return (
        <ScormPlayer
          key={file.id}
          moduleFileId={file.id}
          fileId={file.file_id}
          onCommitted={(result) => {
            // The server marks the module file completed with the package: refresh progress.
            if (
              result.package_completed ||
              result.sco_status === 'completed' ||
              result.sco_status === 'passed'
            )
              void queryClient.invalidateQueries({ queryKey: courseKeys.progressAll });
          }}
        />
      );
    case 'lti':
      return <LtiLaunch key={file.id} moduleFileId={file.id} title={file.name} />;
    case 'xr':
      // Completes on the server once every hotspot has been visited.
      return <XrPlayer key={file.id} moduleFileId={file.id} />;
    case 'audio':
      return (
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography sx={{ fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
          <Box
            component="audio"
            key={file.id}
            src={file.file}
            controls
            preload="metadata"
            onTimeUpdate={onProgress}
            onEnded={onProgress}
            aria-label={file.name}
            sx={{ width: '100%' }}
          />
        </Paper>
      );
    case 'image':
      return (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="img"
            src={file.file}
            alt={file.name}
            sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', borderRadius: 2 }}
          />
          <FileLinks file={file} />
        </Stack>
      );
    default:
      return <DownloadCard file={file} />;
  }
}
