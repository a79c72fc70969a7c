import { WALL_COMMENT_MAX, ZWallCommentCreate } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { MentionField } from '../composer/mention-field.tsx';

/**
 * A comment's text (with @mention suggestions), checked as the contract checks it; the server's
 * refusal shows under the field. Cleared after a new comment is sent.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  secondary,
  autoFocus,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<unknown>;
  secondary?: ReactNode;
  autoFocus?: boolean;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const over = body.length > WALL_COMMENT_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZWallCommentCreate.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data.body);
      if (!initial) setBody('');
      setError(null);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.fieldErrors.body
          ? failure.fieldErrors.body.join(' ')
          : errorMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label={label} spacing={1}>
      <MentionField
        label={label}
        value={body}
        onChange={(value) => {
          setBody(value);
          setError(null);
        }}
        minRows={1}
        error={Boolean(error) || over}
        helperText={
          error ?? (over ? `${body.length} / ${WALL_COMMENT_MAX} characters (too long)` : undefined)
        }
        disabled={busy}
        autoFocus={autoFocus}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {secondary}
        <Button type="submit" variant="outlined" size="small" loading={busy} disabled={over}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
