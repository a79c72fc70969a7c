import type { TOrganisationContent, TThemeImageKind } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { acceptAttribute, fileProblem } from '../../../shared/files/file-rules.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { useThemeImage } from '../api/themes.api.ts';

/** What the server takes for theme images (its THEME_IMAGE_TYPES and 2 MB limit). */
export const THEME_IMAGE_RULE = {
  allowed: ['png', 'jpg', 'jpeg', 'webp', 'gif'],
  maxBytes: 2 * 1024 * 1024,
} as const;

export const THEME_IMAGE_LABELS: Record<TThemeImageKind, { title: string; help: string }> = {
  logo: { title: 'Logo', help: 'Sign-in page and header when no site logo is set.' },
  site_logo: { title: 'Site logo', help: 'Top of the side menu.' },
  header_login_logo1: { title: 'Sign-in header logo', help: 'Beside the welcome message.' },
  header_login_logo2: { title: 'Second sign-in logo', help: 'A partner or second brand.' },
  login_banner_image: { title: 'Sign-in banner', help: 'Background of the welcome panel.' },
};

/** One theme image: its current picture, upload with progress (previewed at once), removal. */
export function ThemeImageField({
  organisationId,
  kind,
  content,
}: {
  organisationId: number;
  kind: TThemeImageKind;
  content: TOrganisationContent;
}) {
  const { upload, remove } = useThemeImage(organisationId, kind);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const label = THEME_IMAGE_LABELS[kind];
  const stored = content[kind];
  const shown = localPreview ?? stored;

  // The picture of a file being uploaded lives in memory until the server's copy replaces it.
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const choose = (file: File) => {
    const problem = fileProblem(file, THEME_IMAGE_RULE);
    if (problem) {
      notifyError(problem);
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setProgress(null);
    upload.mutate({ file, onProgress: setProgress }, { onSettled: () => setLocalPreview(null) });
  };

  return (
    <Stack
      component="section"
      aria-labelledby={titleId}
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', py: 1.5 }}
    >
      <Box
        sx={{
          width: 88,
          height: 64,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'action.hover',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={`${label.title}${localPreview ? ' (uploading)' : ''}`}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <ImageOutlined
            sx={{ color: 'text.secondary' }}
            aria-label={`No ${label.title.toLowerCase()}`}
          />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} sx={{ fontWeight: 600 }}>
          {label.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label.help}
        </Typography>
        {upload.isPending ? (
          <Box sx={{ mt: 1 }}>
            <UploadProgressBar
              progress={progress}
              label={`Uploading ${label.title.toLowerCase()}`}
            />
          </Box>
        ) : (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<UploadOutlined />}
              onClick={() => input.current?.click()}
              aria-label={`${stored ? 'Replace' : 'Upload'} ${label.title.toLowerCase()}`}
            >
              {stored ? 'Replace' : 'Upload'}
            </Button>
            {stored && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => setConfirming(true)}
                aria-label={`Remove ${label.title.toLowerCase()}`}
              >
                Remove
              </Button>
            )}
          </Stack>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={acceptAttribute(THEME_IMAGE_RULE)}
          aria-label={`${label.title} file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) choose(file);
          }}
        />
      </Box>
      <ConfirmDialog
        open={confirming}
        title={`Remove the ${label.title.toLowerCase()}?`}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        The default look is used in its place.
      </ConfirmDialog>
    </Stack>
  );
}
