import { IMAGE_TYPES, type TWallPost, WALL_POST_MAX, ZWallPostCreate } from '@atrium/contract';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type DragEvent, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useLinkPreview } from '../../api/composer.api.ts';
import { firstLink } from '../../wall-text.ts';
import { LinkPreviewCard } from '../post/link-preview-card.tsx';
import { ImageUploads } from './image-uploads.tsx';
import { MentionField } from './mention-field.tsx';
import { useImageUploads } from './use-image-uploads.ts';

export const PREVIEW_DEBOUNCE_MS = 600;

type Errors = { body?: string; images?: string };

/** The contract's own check of a post, with its messages, before anything is sent. */
function postProblems(body: string, images: string[]): Errors {
  const parsed = ZWallPostCreate.safeParse({ body, images });
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'images' ? 'images' : 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Text with @mentions, images (dropped on the form or chosen; each uploads on its own with its
 * progress) and the preview of the first link. Post waits for the uploads. The server's field
 * errors land under their fields, its other refusals (too many posts…) in the alert.
 */
export function PostForm({
  post,
  label,
  submitLabel,
  onSubmit,
  secondary,
  autoFocus,
}: {
  /** The post being edited (its text and images to start from). */
  post?: TWallPost;
  label: string;
  submitLabel: string;
  /** Sends the post; throws the server's refusal. */
  onSubmit: (body: { body: string; images: string[] }) => Promise<unknown>;
  secondary?: ReactNode;
  autoFocus?: boolean;
}) {
  const [body, setBody] = useState(post?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const uploads = useImageUploads(post?.images);
  const picker = useRef<HTMLInputElement>(null);
  const link = firstLink(useDebouncedValue(body, PREVIEW_DEBOUNCE_MS));
  const preview = useLinkPreview(link);
  const over = body.length > WALL_POST_MAX;

  const addFiles = (files: readonly File[]) => {
    uploads.add(files);
    setErrors((e) => ({ ...e, images: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const problems = postProblems(body, uploads.uuids);
    if (uploads.failed) problems.images = 'Remove the images that could not be uploaded.';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || uploads.uploading) return;
    setBusy(true);
    try {
      await onSubmit({ body: body.trim(), images: uploads.uuids });
      if (!post) {
        setBody('');
        uploads.reset();
      }
    } catch (error) {
      const next: Errors = {};
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (field === 'body' || field === 'images') next[field] = messages.join(' ');
        }
      }
      setErrors(next);
      setAlert(Object.keys(next).length > 0 ? null : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) addFiles([...event.dataTransfer.files]);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={label}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging}
      sx={(theme) => ({
        borderRadius: 2,
        outline: dragging ? `2px dashed ${theme.palette.primary.main}` : 'none',
        outlineOffset: 4,
        bgcolor: dragging ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
      })}
    >
      <Stack spacing={1.5}>
        {alert && (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        )}
        <Box>
          <MentionField
            label={label}
            value={body}
            onChange={(value) => {
              setBody(value);
              setErrors((e) => ({ ...e, body: undefined }));
            }}
            placeholder="Share news, thanks or a link. Mention people with @ and add #hashtags."
            error={Boolean(errors.body) || over}
            helperText={errors.body}
            disabled={busy}
            autoFocus={autoFocus}
          />
          <Typography
            variant="caption"
            component="p"
            sx={{
              textAlign: 'right',
              color: 'text.secondary',
              mt: 0.5,
              fontWeight: over ? 700 : 400,
            }}
          >
            {body.length.toLocaleString()} / {WALL_POST_MAX.toLocaleString()} characters
            {over && ' (too long)'}
          </Typography>
        </Box>
        {preview.data && <LinkPreviewCard preview={preview.data} />}
        <ImageUploads items={uploads.items} onRemove={uploads.remove} disabled={busy} />
        {(uploads.problem || errors.images) && (
          <FormHelperText error role="alert">
            {[uploads.problem, errors.images].filter(Boolean).join(' ')}
          </FormHelperText>
        )}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Button
            startIcon={<AddPhotoAlternateOutlined />}
            onClick={() => picker.current?.click()}
            disabled={busy}
          >
            Add images
          </Button>
          <input
            ref={picker}
            type="file"
            hidden
            multiple
            accept={IMAGE_TYPES.map((t) => `.${t}`).join(',')}
            aria-label="Add images"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Reset, so choosing the same file again still fires a change.
              event.target.value = '';
              addFiles(files);
            }}
          />
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' }, flex: 1 }}
          >
            or drop them here
          </Typography>
          <Box sx={{ flex: { xs: 1, sm: 'none' } }} />
          {secondary}
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            disabled={uploads.uploading || over}
          >
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
