import {
  plainTextError,
  SUBMISSION_EXTENSIONS,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_TEXT_MAX,
  type TAssignment,
} from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { type FileRule, fileProblem, formatBytes } from '../../../../shared/files/file-rules.ts';
import { FileDropZone } from '../../../../shared/ui/file-drop-zone.tsx';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { OwnSimilarity } from '../../../plagiarism/index.ts';
import { useSubmitAssignment } from '../../api/learning.api.ts';

const SUBMISSION_RULE: FileRule = {
  allowed: SUBMISSION_EXTENSIONS,
  maxBytes: SUBMISSION_MAX_BYTES,
};
const dateTime = (iso: string) => new Date(iso).toLocaleString();

function MySubmission({ assignment }: { assignment: TAssignment }) {
  const mine = assignment.my_submission;
  if (!mine) return null;
  const graded = mine.graded_at !== null;
  return (
    <Box sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle2">Your submission</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {dateTime(mine.submitted_at)}
        </Typography>
        {graded ? (
          <Chip
            size="small"
            color="success"
            label={`Grade: ${mine.score ?? 0} / ${assignment.max_score}`}
          />
        ) : (
          <Chip size="small" label="Awaiting grade" />
        )}
        <OwnSimilarity submission={mine.id} />
      </Stack>
      {mine.text && (
        <Typography
          variant="body2"
          sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {mine.text}
        </Typography>
      )}
      {mine.file_url && mine.file_name && (
        <Button size="small" href={mine.file_url} startIcon={<AttachFileOutlined />} sx={{ mt: 1 }}>
          {mine.file_name}
        </Button>
      )}
      {graded && mine.feedback && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2">Feedback</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {mine.feedback}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** The text and/or file a learner hands in, with real upload progress. */
function SubmissionForm({ assignment, courseId }: { assignment: TAssignment; courseId: number }) {
  const submit = useSubmitAssignment(courseId);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const resubmit = Boolean(assignment.my_submission);
  // The server refuses markup in the answer; say so before sending (and uploading the file).
  const textError = plainTextError(text);

  const send = () => {
    if (!text.trim() && !file) {
      setProblem('Write an answer or attach a file.');
      return;
    }
    if (textError) return;
    setProblem(null);
    setProgress(null);
    submit.mutate(
      { assignment: assignment.id, text, file, onProgress: setProgress },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Submit ${assignment.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ mt: 2 }}
    >
      <Stack spacing={1.5}>
        <TextField
          label={resubmit ? 'New answer' : 'Your answer'}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          disabled={submit.isPending}
          error={Boolean(textError)}
          helperText={textError}
          slotProps={{ htmlInput: { maxLength: SUBMISSION_TEXT_MAX } }}
        />
        {file ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AttachFileOutlined color="action" aria-hidden />
            <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
              {file.name} ({formatBytes(file.size)})
            </Typography>
            <IconButton
              aria-label={`Remove ${file.name}`}
              onClick={() => setFile(null)}
              disabled={submit.isPending}
            >
              <CloseOutlined />
            </IconButton>
          </Stack>
        ) : (
          <FileDropZone
            rule={SUBMISSION_RULE}
            buttonLabel="Attach a file"
            disabled={submit.isPending}
            onFile={(chosen) => {
              const issue = fileProblem(chosen, SUBMISSION_RULE);
              setProblem(issue);
              if (!issue) setFile(chosen);
            }}
          />
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        {submit.isPending && file && <UploadProgressBar progress={progress} label="Uploading" />}
        <Box>
          <Button type="submit" variant="contained" loading={submit.isPending}>
            {resubmit ? 'Replace my submission' : 'Submit'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** One assignment: what to do, by when, the learner's submission and its grade. */
export function AssignmentCard({
  assignment,
  courseId,
  canSubmit,
}: {
  assignment: TAssignment;
  courseId: number;
  canSubmit: boolean;
}) {
  const graded = assignment.my_submission?.graded_at != null;
  const overdue = assignment.due_at !== null && new Date(assignment.due_at) < new Date();
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={assignment.title}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}
        useFlexGap
      >
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, flex: 1 }}>
          {assignment.title}
        </Typography>
        <Typography variant="caption" sx={{ color: overdue ? 'error.main' : 'text.secondary' }}>
          {assignment.due_at ? `Due ${dateTime(assignment.due_at)}` : 'No due date'} · Out of{' '}
          {assignment.max_score}
        </Typography>
      </Stack>
      {assignment.instructions && (
        <Typography
          variant="body2"
          sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary' }}
        >
          {assignment.instructions}
        </Typography>
      )}
      <MySubmission assignment={assignment} />
      {canSubmit && !graded && <SubmissionForm assignment={assignment} courseId={courseId} />}
    </Paper>
  );
}
