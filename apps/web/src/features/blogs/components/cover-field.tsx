import type { TBlogCover } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { uploadImage } from '../../../shared/api/images.ts';
import { acceptAttribute, fileProblem } from '../../../shared/files/file-rules.ts';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { COVER_RULE } from '../labels.ts';

/** The cover as the form holds it: the image-store image (uuid and address), or none. */
export type CoverValue = Pick<TBlogCover, 'uuid' | 'url'> | null;

/**
 * The post's cover: uploaded at once to the image store with a progress bar (the post only sends
 * its uuid), shown, replaced or removed. `onBusy` tells the form an upload is under way, so it
 * does not save without it.
 */
export function CoverField({
  value,
  onChange,
  onBusy,
  error,
}: {
  value: CoverValue;
  onChange: (cover: CoverValue) => void;
  onBusy: (busy: boolean) => void;
  error?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = percent !== undefined;

  useEffect(() => () => controller.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = fileProblem(file, COVER_RULE);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    controller.current = new AbortController();
    setPercent(null);
    onBusy(true);
    try {
      const image = await uploadImage(file, setPercent, controller.current.signal);
      onChange({ uuid: image.uuid, url: image.url });
    } catch (e) {
      if (!controller.current.signal.aborted)
        setProblem(errorMessage(e, 'Could not upload the image'));
    } finally {
      setPercent(undefined);
      onBusy(false);
    }
  };

  const message = problem ?? error;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Cover image (optional)
      </Typography>
      {value && (
        <Box
          component="img"
          src={value.url}
          alt="The cover image"
          sx={{
            width: '100%',
            maxWidth: 480,
            aspectRatio: '16 / 9',
            objectFit: 'cover',
            borderRadius: 1,
          }}
        />
      )}
      {uploading && (
        <Box sx={{ maxWidth: 480 }}>
          <UploadProgressBar
            progress={{ percent: percent ?? null, loaded: 0, total: null }}
            label="Uploading the cover"
          />
        </Box>
      )}
      <Stack direction="row" spacing={1}>
        <input
          ref={input}
          id={inputId}
          type="file"
          hidden
          accept={acceptAttribute(COVER_RULE)}
          onChange={(e) => void choose(e)}
          aria-label="Cover image file"
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={uploading}>
          {value ? 'Replace cover' : 'Add a cover image'}
        </Button>
        {value && !uploading && (
          <Button color="error" onClick={() => onChange(null)}>
            Remove cover
          </Button>
        )}
        {uploading && <Button onClick={() => controller.current?.abort()}>Cancel upload</Button>}
      </Stack>
      {message &&
        (problem ? (
          <Alert severity="error">{message}</Alert>
        ) : (
          <FormHelperText error>{message}</FormHelperText>
        ))}
    </Stack>
  );
}
