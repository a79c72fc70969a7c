import type { TModule } from '@atrium/contract';
import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatBytes } from '../../../../shared/files/file-rules.ts';

const KIND_ICONS: Record<string, ReactNode> = {
  pdf: <PictureAsPdfOutlined />,
  video: <OndemandVideoOutlined />,
  image: <ImageOutlined />,
  document: <DescriptionOutlined />,
  audio: <AudiotrackOutlined />,
  scorm: <ViewInArOutlined />,
};
const KIND_LABELS: Record<string, string> = {
  pdf: 'PDF',
  video: 'Video',
  image: 'Image',
  document: 'Document',
  audio: 'Audio',
  scorm: 'SCORM package',
};

/** The course outline: modules in order, each with its files. */
export function CourseModules({ modules }: { modules: TModule[] }) {
  if (modules.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This course has no modules yet.
      </Typography>
    );
  }
  return (
    <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {modules.map((module, index) => (
        <Box
          component="li"
          key={module.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
            <Typography sx={{ color: 'primary.main', fontWeight: 700 }}>{index + 1}</Typography>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                {module.title}
              </Typography>
              {module.description && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
                  {module.description}
                </Typography>
              )}
            </Box>
            <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {module.files.length} item{module.files.length === 1 ? '' : 's'}
            </Typography>
          </Stack>
          {module.files.length > 0 && (
            <List dense disablePadding sx={{ mt: 1, pl: { sm: 3 } }}>
              {module.files.map((file) => (
                <ListItem
                  key={file.id}
                  disableGutters
                  secondaryAction={
                    file.required ? (
                      <Chip size="small" label="Required" variant="outlined" />
                    ) : (
                      <Chip
                        size="small"
                        label="Optional"
                        variant="outlined"
                        sx={{ color: 'text.secondary' }}
                      />
                    )
                  }
                >
                  <ListItemIcon sx={{ minWidth: 36, color: 'text.secondary' }}>
                    {KIND_ICONS[file.kind] ?? <InsertDriveFileOutlined />}
                  </ListItemIcon>
                  <ListItemText
                    primary={file.name}
                    secondary={`${KIND_LABELS[file.kind] ?? file.kind} · ${formatBytes(file.size)}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 10 } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      ))}
    </Stack>
  );
}
