import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import {
  acceptAttribute,
  describeTypes,
  type FileRule,
  fileProblem,
  formatBytes,
} from '../../files/file-rules.ts';
import { FormDialog } from '../form-dialog.tsx';
import { UploadProgressBar } from '../upload-progress.tsx';
import { firstFile, type InsertedImage, type RichTextImages } from './rich-text-images.ts';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Chooses an image, asks for its description, uploads it and hands back its address. Nothing
 * is inserted until the upload has succeeded; Cancel (or Escape) while it runs aborts it. The
 * file may come with the dialog (pasted or dropped into the editor) or be chosen here.
 */
export function ImageInsertDialog({
  images,
  initialFile = null,
  onInsert,
  onClose,
}: {
  images: RichTextImages;
  initialFile?: File | null;
  onInsert: (image: InsertedImage) => void;
  onClose: () => void;
}) {
  const rule: FileRule = { allowed: images.accept, maxBytes: images.maxBytes };
  const firstProblem = initialFile ? fileProblem(initialFile, rule) : null;
  const [file, setFile] = useState<File | null>(firstProblem ? null : initialFile);
  const [problem, setProblem] = useState<string | null>(firstProblem);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // undefined: not uploading; null: uploading, size not known yet.
  const [percent, setPercent] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const hintId = useId();
  const uploading = percent !== undefined;
  const altMissing = !decorative && alt.trim() === '';

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  // Leaving the dialog any way at all (Cancel, Escape, the editor going away) stops the upload.
  useEffect(() => () => upload.current?.abort(), []);

  const cancel = () => {
    upload.current?.abort();
    onClose();
  };

  const take = (chosen: File) => {
    const found = fileProblem(chosen, rule);
    setProblem(found);
    setError(null);
    // A refused file leaves the one already chosen in place; the message names the refused one.
    if (!found) setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: the form around the editor (the question's own)
    // must not take this submit for its Save.
    event.stopPropagation();
    setSubmitted(true);
    if (!file) {
      setProblem((p) => p ?? 'Choose an image to insert.');
      return;
    }
    if (altMissing) {
      altInput.current?.focus();
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setPercent(null);
    try {
      const { url } = await images.upload(file, setPercent, controller.signal);
      upload.current = null;
      onInsert({ src: url, alt: decorative ? '' : alt.trim() });
    } catch (failure) {
      // Cancelled: the dialog is already closing.
      if (controller.signal.aborted || isAbort(failure)) return;
      upload.current = null;
      setPercent(undefined);
      setError(errorMessage(failure, 'The image could not be uploaded.'));
    }
  };

  const hint = `${describeTypes(images.accept)}, at most ${formatBytes(images.maxBytes)}.`;
  return (
    <FormDialog open title="Insert image" onClose={cancel}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            if (!uploading) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const dropped = firstFile(event.dataTransfer);
            if (dropped && !uploading) take(dropped);
          }}
          sx={(theme) => ({
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            gap: 2,
            p: 2,
            borderRadius: 2,
            border: `2px dashed ${dragging ? theme.palette.primary.main : theme.palette.divider}`,
            bgcolor: dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
            transition: theme.transitions.create(['border-color', 'background-color']),
          })}
        >
          {preview ? (
            // The description below is the image's text; the preview repeats nothing to read.
            <Box
              component="img"
              src={preview}
              alt=""
              data-testid="image-preview"
              sx={{
                display: 'block',
                maxWidth: { xs: '100%', sm: 240 },
                maxHeight: 200,
                objectFit: 'contain',
                alignSelf: { xs: 'center', sm: 'flex-start' },
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            />
          ) : (
            <AddPhotoAlternateOutlined
              aria-hidden
              sx={{ fontSize: 48, color: 'text.secondary', alignSelf: 'center' }}
            />
          )}
          <Stack spacing={1} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? `${file.name}, ${formatBytes(file.size)}` : 'Drop an image here, or'}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              disabled={uploading}
              autoFocus={!file}
              aria-describedby={hintId}
              onClick={() => input.current?.click()}
            >
              {file ? 'Choose another image' : 'Choose an image'}
            </Button>
            <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
              {hint}
            </Typography>
          </Stack>
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptAttribute(rule)}
            aria-label="Image file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Reset, so choosing the same file again after a refusal still fires a change.
              event.target.value = '';
              if (chosen) take(chosen);
            }}
          />
        </Box>
        {problem && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {problem}
          </Alert>
        )}
        <TextField
          inputRef={altInput}
          label="Image description (alt text)"
          value={decorative ? '' : alt}
          onChange={(event) => setAlt(event.target.value)}
          required={!decorative}
          disabled={decorative || uploading}
          autoFocus={Boolean(file)}
          error={submitted && altMissing}
          helperText={
            decorative
              ? 'A decorative image gets an empty description, so screen readers skip it.'
              : submitted && altMissing
                ? 'Describe the image, or tick Decorative image.'
                : 'What the image shows that a learner needs to know; screen readers read it aloud.'
          }
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={decorative}
              disabled={uploading}
              onChange={(event) => setDecorative(event.target.checked)}
            />
          }
          label="Decorative image (it adds nothing to the text)"
        />
        {uploading && (
          <UploadProgressBar
            label="Uploading the image"
            progress={percent === null ? null : { loaded: 0, total: null, percent }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {error}
          </Alert>
        )}
        <DialogActions sx={{ px: 0, pb: 0 }}>
          <Button onClick={cancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={uploading}>
            {uploading ? 'Uploading…' : 'Insert'}
          </Button>
        </DialogActions>
      </Stack>
    </FormDialog>
  );
}
