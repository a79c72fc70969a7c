import { ZAssessmentMessagesInput } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useMessages, useSaveMessages } from '../api/assessments.api.ts';

type Band = { key: number; min: string; message: string };
let nextKey = 1;

/** Overall feedback by score: a learner reads the message of the highest band they reached. */
export function FeedbackBands({
  assessmentId,
  editable,
}: {
  assessmentId: number;
  editable: boolean;
}) {
  const list = useMessages(assessmentId);
  const save = useSaveMessages(assessmentId);
  const [bands, setBands] = useState<Band[] | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (list.data && bands === null) {
      setBands(
        list.data.map((m) => ({ key: nextKey++, min: String(m.min_percent), message: m.message })),
      );
    }
  }, [list.data, bands]);
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  if (bands === null) return <Skeleton height={120} />;

  const change = (key: number, patch: Partial<Band>) =>
    setBands(bands.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = bands.map((b) => ({
      min_percent: b.min.trim() === '' ? Number.NaN : Number(b.min),
      message: b.message,
    }));
    const parsed = ZAssessmentMessagesInput.safeParse({ assessment: assessmentId, bands: payload });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const key = index === undefined ? 'all' : `${String(index)}.${String(field)}`;
        next[key] ??= field === 'min_percent' ? 'A percentage from 0 to 100.' : issue.message;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    save.mutate(parsed.data.bands);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Feedback bands">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        From a percentage upwards, learners read the message of the highest band they reached.
      </Typography>
      {(problems.all || save.isError) && (
        <Alert severity="error" role="alert">
          {problems.all ?? errorMessage(save.error)}
        </Alert>
      )}
      {bands.length === 0 && <Typography>No feedback bands yet.</Typography>}
      {bands.map((b, index) => (
        <Stack
          key={b.key}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            type="number"
            label="From %"
            value={b.min}
            disabled={!editable}
            onChange={(event) => change(b.key, { min: event.target.value })}
            error={Boolean(problems[`${index}.min_percent`])}
            helperText={problems[`${index}.min_percent`]}
            slotProps={{ htmlInput: { min: 0, max: 100 } }}
            sx={{ width: { sm: 120 } }}
          />
          <TextField
            label="Message"
            multiline
            minRows={2}
            value={b.message}
            disabled={!editable}
            onChange={(event) => change(b.key, { message: event.target.value })}
            error={Boolean(problems[`${index}.message`])}
            helperText={problems[`${index}.message`]}
            sx={{ flex: 1 }}
          />
          {editable && (
            <IconButton
              aria-label={`Remove the band from ${b.min || '?'} %`}
              onClick={() => setBands(bands.filter((x) => x.key !== b.key))}
            >
              <DeleteOutlined />
            </IconButton>
          )}
        </Stack>
      ))}
      {editable && (
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<AddOutlined />}
            onClick={() => setBands([...bands, { key: nextKey++, min: '', message: '' }])}
          >
            Add a band
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save feedback
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
