import type { TFileKind, TRepositoryFile } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatBytes } from '../../../../shared/files/file-rules.ts';
import { VideoStatusChip } from '../../../content-player/index.ts';
import { KIND_LABEL } from '../../authoring/repository-rules.ts';

/** The repository files of one page: name, kind, size, date, use; actions per row. */
export function RepositoryTable({
  rows,
  onRename,
  onDelete,
  onDownload,
}: {
  rows: TRepositoryFile[];
  onRename: (file: TRepositoryFile) => void;
  onDelete: (file: TRepositoryFile) => void;
  onDownload: (file: TRepositoryFile) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Repository files">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Kind</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              Size
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Uploaded</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Used by</TableCell>
            <TableCell align="right">
              <Typography component="span" sx={{ position: 'absolute', left: -10000 }}>
                Actions
              </Typography>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((file) => (
            <TableRow key={file.id} hover>
              <TableCell
                component="th"
                scope="row"
                sx={{ overflowWrap: 'break-word', wordBreak: 'break-word', minWidth: 160 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {file.name}
                </Typography>
                {/* On phones the hidden columns collapse into one line under the name. */}
                <Typography
                  variant="caption"
                  sx={{ color: 'text.secondary', display: { xs: 'block', md: 'none' } }}
                >
                  {KIND_LABEL[file.kind as TFileKind] ?? file.kind} · {formatBytes(file.size)} ·
                  used by {file.used_by_modules}
                </Typography>
                {file.kind === 'video' && (
                  <Box sx={{ mt: 0.5 }}>
                    <VideoStatusChip fileId={file.id} name={file.name} />
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {KIND_LABEL[file.kind as TFileKind] ?? file.kind}
              </TableCell>
              <TableCell
                align="right"
                sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}
              >
                {formatBytes(file.size)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {new Date(file.created_at).toLocaleDateString()}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {file.used_by_modules === 0
                  ? 'No module'
                  : `${file.used_by_modules} module${file.used_by_modules === 1 ? '' : 's'}`}
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  <Tooltip title="Download">
                    <IconButton
                      size="small"
                      aria-label={`Download ${file.name}`}
                      onClick={() => onDownload(file)}
                    >
                      <DownloadOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Rename">
                    <IconButton
                      size="small"
                      aria-label={`Rename ${file.name}`}
                      onClick={() => onRename(file)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label={`Delete ${file.name}`}
                      onClick={() => onDelete(file)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
