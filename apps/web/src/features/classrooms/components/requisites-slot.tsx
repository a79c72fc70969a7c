import {
  catalogueOps,
  REQUISITE_FILE_TYPES,
  REQUISITE_MAX_BYTES,
  type TRequisite,
} from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { describeTypes, fileProblem } from '../../../shared/files/file-rules.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import {
  type RequisiteTarget,
  useAddCourseRequisite,
  useDownloadRequisite,
  useMarkRequisiteDone,
  useRemoveRequisite,
  useRequisites,
  useUploadRequisite,
} from '../api/requisites.api.ts';

const FILE_RULE = { allowed: REQUISITE_FILE_TYPES, maxBytes: REQUISITE_MAX_BYTES };

function RequisiteChip({ requisite, canEdit }: { requisite: TRequisite; canEdit: boolean }) {
  const remove = useRemoveRequisite();
  const done = useMarkRequisiteDone();
  const download = useDownloadRequisite();
  const when = requisite.kind === 'pre' ? 'Before' : 'After';
  const label = `${when}: ${requisite.title}${requisite.required ? ' (required)' : ''}`;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        icon={requisite.source === 'course' ? <MenuBookOutlined /> : <DescriptionOutlined />}
        color={requisite.done ? 'success' : requisite.required ? 'warning' : 'default'}
        label={label}
        onDelete={canEdit ? () => remove.mutate(requisite.id) : undefined}
        deleteIcon={
          canEdit ? <CloseOutlined aria-label={`Remove ${requisite.title}`} /> : undefined
        }
      />
      {!canEdit && requisite.source === 'course' && requisite.course && (
        <Link component={RouterLink} to={`/course/${requisite.course.id}`} variant="body2">
          Open course
        </Link>
      )}
      {requisite.source === 'file' && (
        <Button
          size="small"
          onClick={() =>
            download.mutate({ id: requisite.id, name: requisite.file_name ?? requisite.title })
          }
          aria-label={`Download ${requisite.title}`}
        >
          Download
        </Button>
      )}
      {!canEdit && requisite.source === 'file' && !requisite.done && (
        <Button size="small" loading={done.isPending} onClick={() => done.mutate(requisite.id)}>
          Mark as read
        </Button>
      )}
      {requisite.done && <CheckCircleOutlined fontSize="small" color="success" aria-label="Done" />}
    </Stack>
  );
}

/**
 * A topic's or a session's requisites: the course or document to finish before or after it.
 * Managers add and remove them; learners open, download and mark them read.
 */
export function RequisitesSlot({
  target,
  canEdit,
  compact = false,
}: {
  target: RequisiteTarget;
  canEdit: boolean;
  compact?: boolean;
}) {
  const list = useRequisites(target);
  const [adding, setAdding] = useState(false);
  // A session's list also holds its topic's: each shows under its own owner only.
  const own = (list.data ?? []).filter((r) =>
    'topic' in target ? r.topic === target.topic : r.session === target.session,
  );
  if (!canEdit && own.length === 0) return null;
  return (
    <Box sx={{ mt: compact ? 0.5 : 1.5 }}>
      {!compact && (
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          Requisites
        </Typography>
      )}
      <Stack spacing={0.5}>
        {own.map((r) => (
          <RequisiteChip key={r.id} requisite={r} canEdit={canEdit} />
        ))}
        {canEdit && (
          <Box>
            <Button
              size="small"
              startIcon={<AddOutlined />}
              onClick={() => setAdding(true)}
              aria-label={
                'topic' in target
                  ? 'Add a requisite to the topic'
                  : 'Add a requisite to the session'
              }
            >
              {compact ? 'Requisite' : 'Add requisite'}
            </Button>
          </Box>
        )}
      </Stack>
      <FormDialog open={adding} onClose={() => setAdding(false)} title="Add a requisite">
        {adding && <RequisiteForm target={target} onClose={() => setAdding(false)} />}
      </FormDialog>
    </Box>
  );
}

function useCourseOptions(search: string) {
  const query = { search: search.trim() || undefined, page_size: 20 };
  return useQuery({
    queryKey: ['classrooms', 'course-options', query],
    queryFn: ({ signal }) => call(catalogueOps.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function RequisiteForm({ target, onClose }: { target: RequisiteTarget; onClose: () => void }) {
  const [source, setSource] = useState<'course' | 'file'>('course');
  const [kind, setKind] = useState<'pre' | 'post'>('pre');
  const [title, setTitle] = useState('');
  const [required, setRequired] = useState(false);
  const [course, setCourse] = useState<{ id: number; title: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [search, setSearch] = useState('');
  const courses = useCourseOptions(useDebouncedValue(search));
  const addCourse = useAddCourseRequisite();
  const upload = useUploadRequisite();
  const mutation = source === 'course' ? addCourse : upload;
  const fieldError = (name: string) =>
    mutation.error instanceof ApiError ? mutation.error.fieldErrors[name]?.join(' ') : undefined;
  const problem = file ? fileProblem(file, FILE_RULE) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (source === 'course') {
          if (!course) return;
          addCourse.mutate(
            { ...target, kind, title: title || course.title, course: course.id, required },
            { onSuccess: onClose },
          );
        } else {
          if (!file || problem) return;
          const form = new FormData();
          if ('topic' in target) form.append('topic', String(target.topic));
          else form.append('session', String(target.session));
          form.append('kind', kind);
          form.append('title', title || file.name);
          form.append('required', String(required));
          form.append('file', file);
          upload.mutate(form, { onSuccess: onClose });
        }
      }}
    >
      <Stack spacing={2}>
        {mutation.isError && <Alert severity="error">{errorMessage(mutation.error)}</Alert>}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={source}
          onChange={(_event, next: 'course' | 'file' | null) => next && setSource(next)}
          aria-label="Requisite type"
        >
          <ToggleButton value="course">A course</ToggleButton>
          <ToggleButton value="file">A document</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          label="When"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'pre' | 'post')}
        >
          <MenuItem value="pre">Before (pre-requisite)</MenuItem>
          <MenuItem value="post">After (post-requisite)</MenuItem>
        </TextField>
        {source === 'course' ? (
          <Autocomplete
            options={(courses.data?.results ?? []).map((c) => ({ id: c.id, title: c.title }))}
            value={course}
            onChange={(_event, value) => setCourse(value)}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input' || reason === 'clear') setSearch(value);
            }}
            filterOptions={(options) => options}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(option) => option.title}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Course"
                required
                error={Boolean(fieldError('course'))}
                helperText={fieldError('course')}
              />
            )}
          />
        ) : (
          <Stack spacing={1}>
            <Button variant="outlined" component="label">
              {file ? file.name : 'Choose a document'}
              <input
                type="file"
                hidden
                accept={REQUISITE_FILE_TYPES.map((t) => `.${t}`).join(',')}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {describeTypes(REQUISITE_FILE_TYPES)}
            </Typography>
            {(problem || fieldError('file')) && (
              <Alert severity="error">{problem ?? fieldError('file')}</Alert>
            )}
          </Stack>
        )}
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          helperText={fieldError('title') ?? 'Left empty: the course title or the file name.'}
          error={Boolean(fieldError('title'))}
        />
        <FormControlLabel
          control={
            <Switch checked={required} onChange={(event) => setRequired(event.target.checked)} />
          }
          label="Required (a pre-requisite blocks booking until done)"
        />
        <FormFooter
          submitLabel="Add"
          busy={mutation.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
