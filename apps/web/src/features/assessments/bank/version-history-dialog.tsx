import type { TBankQuestion, TQuestionDefinition } from '@atrium/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useQuestionVersions } from '../api/bank.api.ts';
import { QuestionHtml } from '../questions/index.ts';
import { QuestionPreviewDialog } from './question-preview.tsx';

/* A question's versions, newest first: answered versions stay as they were for their results. */

export function VersionHistoryDialog({
  question,
  onClose,
}: {
  question: TBankQuestion;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<TQuestionDefinition | null>(null);
  const versions = useQuestionVersions(question.id, page);
  const pages = Math.max(1, Math.ceil((versions.data?.count ?? 0) / 10));

  return (
    <FormDialog open title={`Versions of “${question.title}”`} onClose={onClose} maxWidth="md">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Editing a version that has been answered makes a new one; results keep the version their
        learners answered.
      </Typography>
      {versions.isPending ? (
        <Stack spacing={1} aria-label="Loading the versions">
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : (
        <List aria-label="Versions">
          {(versions.data?.results ?? []).map((v) => (
            <ListItem key={v.version} divider sx={{ display: 'block', px: 0 }}>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Typography sx={{ fontWeight: 600 }}>Version {v.version}</Typography>
                {v.current && <Chip size="small" color="primary" label="Current" />}
                {v.used && <Chip size="small" variant="outlined" label="Answered" />}
                <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
                  {new Date(v.created_at).toLocaleString()}
                  {v.created_by ? ` · ${v.created_by.fullname}` : ''}
                </Typography>
                <Button size="small" onClick={() => setPreview(v.definition)}>
                  Preview
                </Button>
              </Stack>
              <QuestionHtml
                html={v.definition.stem}
                sx={{ color: 'text.secondary', mt: 0.5, maxHeight: 72, overflow: 'hidden' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          sx={{ mt: 1 }}
          aria-label="Pages of versions"
        />
      )}
      <DialogActions sx={{ px: 0 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {preview && <QuestionPreviewDialog definition={preview} onClose={() => setPreview(null)} />}
    </FormDialog>
  );
}
