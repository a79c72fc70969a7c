import type { TCourseProgress, TModule } from '@atrium/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import TimelapseOutlined from '@mui/icons-material/TimelapseOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { kindLabel } from './file-viewer.tsx';
import { type FileStatus, moduleDone, statusOf } from './player-logic.ts';

const STATUS_TEXT: Record<FileStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
};

export function StatusIcon({ status }: { status: FileStatus }) {
  const label = STATUS_TEXT[status];
  if (status === 'completed')
    return <CheckCircle color="success" titleAccess={label} fontSize="small" />;
  if (status === 'in_progress')
    return <TimelapseOutlined color="warning" titleAccess={label} fontSize="small" />;
  return <RadioButtonUnchecked color="disabled" titleAccess={label} fontSize="small" />;
}

/** The course progress bar: a whole percent, with the same text for screen readers. */
export function CourseProgressBar({ percent }: { percent: number }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Course progress
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="course-percent">
          {percent}%
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'success' : 'primary'}
        aria-label="Course progress"
        aria-valuetext={`${percent}% complete`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

interface ModuleListProps {
  modules: readonly TModule[];
  progress: TCourseProgress | undefined;
  selectedFileId: number | null;
  onSelect: (fileId: number) => void;
}

/** Every module with its files and their status; the open file is marked as the current one. */
export function ModuleList({ modules, progress, selectedFileId, onSelect }: ModuleListProps) {
  return (
    <Box component="nav" aria-label="Course contents">
      {modules.map((module, index) => {
        const { done, total } = moduleDone(progress, module);
        const headingId = `player-module-${module.id}`;
        return (
          <List
            key={module.id}
            dense
            aria-labelledby={headingId}
            subheader={
              <ListSubheader
                id={headingId}
                disableSticky
                sx={{ lineHeight: 1.4, pt: 1.5, pb: 0.5, bgcolor: 'transparent' }}
              >
                <Typography
                  component="span"
                  variant="subtitle2"
                  sx={{ display: 'block', color: 'text.primary', overflowWrap: 'anywhere' }}
                >
                  {index + 1}. {module.title}
                </Typography>
                <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                  {total === 0 ? 'No files yet' : `${done} of ${total} completed`}
                </Typography>
              </ListSubheader>
            }
          >
            {module.files.map((file) => {
              const status = statusOf(progress, file.id);
              const selected = file.id === selectedFileId;
              return (
                <ListItem key={file.id} disablePadding>
                  <ListItemButton
                    selected={selected}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => onSelect(file.id)}
                    sx={{ borderRadius: 2, mx: 1 }}
                  >
                    <ListItemIcon sx={{ minWidth: 34 }}>
                      <StatusIcon status={status} />
                    </ListItemIcon>
                    <ListItemText
                      primary={file.name}
                      secondary={`${kindLabel(file.kind)} · ${STATUS_TEXT[status]}${file.required ? '' : ' · Optional'}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        );
      })}
    </Box>
  );
}
