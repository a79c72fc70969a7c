import type { TFileKind, TRepositoryFile } from '@atrium/contract';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { formatBytes } from '../../../../shared/files/file-rules.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { useRepositoryFiles } from '../../api/repository.api.ts';
import { FILE_KIND_LIST, KIND_LABEL } from '../../authoring/repository-rules.ts';
import { COURSE_MESSAGES } from '../../course-messages.ts';

const PAGE_SIZE = 10;

/** Picks a repository file to attach: filter by kind, search by name, page through. */
export function FilePickerDialog({
  open,
  onClose,
  onPick,
  busy,
  attachedIds,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (file: TRepositoryFile, required: boolean) => void;
  busy: boolean;
  /** Repository file ids already in the module, marked as such. */
  attachedIds: ReadonlySet<number>;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [kind, setKind] = useState<TFileKind | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<TRepositoryFile | null>(null);
  const [required, setRequired] = useState(true);
  const deferredSearch = useDeferredValue(search.trim());
  const files = useRepositoryFiles(
    { kind: kind || undefined, search: deferredSearch, page: page + 1, pageSize: PAGE_SIZE },
    open,
  );
  useEffect(() => {
    if (open) setSelected(null);
  }, [open]);

  const rows = files.data?.results ?? [];
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Attach a file from the repository</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5 }}>
          <TextField
            select
            label="Kind"
            size="small"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as TFileKind | '');
              setPage(0);
            }}
            sx={{ minWidth: 140 }}
            // '' means every kind: keep the label up so "All kinds" shows.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All kinds</MenuItem>
            {FILE_KIND_LIST.map((k) => (
              <MenuItem key={k} value={k}>
                {KIND_LABEL[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="search"
            size="small"
            label="Search by name"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            fullWidth
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        {files.isFetching && <LinearProgress aria-label="Loading files" sx={{ mb: 1 }} />}
        {files.isError ? (
          <Alert severity="error">
            {errorMessage(files.error, COURSE_MESSAGES.fileRepoFailed)}
          </Alert>
        ) : rows.length === 0 && !files.isPending ? (
          <EmptyState icon={<FolderOpenOutlined sx={{ fontSize: 40 }} aria-hidden />}>
            {deferredSearch || kind
              ? 'No file matches. Change the search or kind, or upload a new file.'
              : 'The repository is empty. Upload a file to attach it.'}
          </EmptyState>
        ) : (
          <List dense aria-label="Repository files" sx={{ mx: -1 }}>
            {rows.map((file) => {
              const attached = attachedIds.has(file.id);
              return (
                <ListItemButton
                  key={file.id}
                  selected={selected?.id === file.id}
                  disabled={attached}
                  onClick={() => setSelected(file)}
                  onDoubleClick={() => onPick(file, required)}
                  aria-pressed={selected?.id === file.id}
                >
                  <ListItemText
                    primary={file.name}
                    secondary={`${KIND_LABEL[file.kind as TFileKind] ?? file.kind} · ${formatBytes(file.size)}${attached ? ' · already attached' : ''}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
        <TablePagination
          component="div"
          count={files.data?.count ?? 0}
          page={page}
          onPageChange={(_e, next) => setPage(next)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          sx={{ mr: 'auto' }}
          control={<Checkbox checked={required} onChange={(_e, on) => setRequired(on)} />}
          label="Required to complete the module"
        />
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!selected}
          loading={busy}
          onClick={() => selected && onPick(selected, required)}
        >
          Attach
        </Button>
      </DialogActions>
    </Dialog>
  );
}
