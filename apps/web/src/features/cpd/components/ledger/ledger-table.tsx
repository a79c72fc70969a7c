import type { TCpdEntry } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../../shared/navigation/page-availability.ts';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { formatAmount, formatDay } from '../../cpd-format.ts';
import { ENTRY_STATUS, SOURCE_LABEL } from '../../labels.ts';

/**
 * The ledger's entries, newest completion first: where each came from, its value, category,
 * completion and status. A reflection opens under its row; evidence downloads and withdrawal
 * show only where the entry's abilities allow (and never in a read-only view).
 */
export function LedgerTable({
  entries,
  readOnly,
  downloading,
  onDownload,
  onWithdraw,
}: {
  entries: TCpdEntry[];
  readOnly: boolean;
  /** The entry whose evidence is downloading. */
  downloading: number | null;
  onDownload: (entry: TCpdEntry) => void;
  onWithdraw: (entry: TCpdEntry) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="CPD entries" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Completed</TableCell>
            <TableCell>Entry</TableCell>
            <TableCell>Category</TableCell>
            <TableCell align="right">Value</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              readOnly={readOnly}
              downloading={downloading === entry.id}
              onDownload={onDownload}
              onWithdraw={onWithdraw}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const TITLE_STYLE = { fontWeight: 600, overflowWrap: 'anywhere' } as const;

/** The title, linked to what earned it (event, course, path, session) where the app has its page. */
function EntryTitle({ entry }: { entry: Pick<TCpdEntry, 'title' | 'source_link'> }) {
  const hasPage = useHasPage();
  const link = entry.source_link;
  if (link === null || !hasPage(link)) return <Box sx={TITLE_STYLE}>{entry.title}</Box>;
  return (
    <Box sx={TITLE_STYLE}>
      <Link component={RouterLink} to={link} underline="hover" sx={{ fontWeight: 'inherit' }}>
        {entry.title}
      </Link>
    </Box>
  );
}

function EntryRow({
  entry,
  readOnly,
  downloading,
  onDownload,
  onWithdraw,
}: {
  entry: TCpdEntry;
  readOnly: boolean;
  downloading: boolean;
  onDownload: (entry: TCpdEntry) => void;
  onWithdraw: (entry: TCpdEntry) => void;
}) {
  const [open, setOpen] = useState(false);
  const reflectionId = useId();
  const hasReflection = entry.reflection.trim() !== '';
  const status = ENTRY_STATUS[entry.status];
  return (
    <Fragment>
      <TableRow hover sx={open ? { '& > td, & > th': { borderBottom: 0 } } : undefined}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.completed_at)}</TableCell>
        <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
          <EntryTitle entry={entry} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {SOURCE_LABEL[entry.source_kind]}
            {entry.evidence_name && ` · evidence: ${entry.evidence_name}`}
          </Typography>
        </TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere' }}>
          {entry.category?.name ?? (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              Uncategorised
            </Box>
          )}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {formatAmount(entry.value, entry.unit)}
        </TableCell>
        <TableCell>
          <Chip size="small" color={status.color} label={status.label} />
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {hasReflection && (
            <Tooltip title={open ? 'Hide the reflection' : 'Show the reflection'}>
              <IconButton
                size="small"
                onClick={() => setOpen((v) => !v)}
                aria-expanded={open}
                aria-controls={reflectionId}
                aria-label={`Reflection on ${entry.title}`}
              >
                {open ? <ExpandLessOutlined /> : <ExpandMoreOutlined />}
              </IconButton>
            </Tooltip>
          )}
          {entry.abilities.download_evidence && (
            <Tooltip title="Download the evidence">
              <IconButton
                size="small"
                onClick={() => onDownload(entry)}
                loading={downloading}
                aria-label={`Download the evidence of ${entry.title}`}
              >
                <DownloadOutlined />
              </IconButton>
            </Tooltip>
          )}
          {!readOnly && entry.abilities.withdraw && (
            <Tooltip title="Withdraw">
              <IconButton
                size="small"
                color="error"
                onClick={() => onWithdraw(entry)}
                aria-haspopup="dialog"
                aria-label={`Withdraw ${entry.title}`}
              >
                <UndoOutlined />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      </TableRow>
      {hasReflection && (
        <TableRow>
          <TableCell colSpan={6} sx={{ py: 0, ...(open ? {} : { borderBottom: 0 }) }}>
            <Collapse in={open} id={reflectionId}>
              <Box sx={{ py: 1.5 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  Reflection
                </Typography>
                <Box
                  sx={{
                    whiteSpace: 'pre-line',
                    overflowWrap: 'anywhere',
                    '& p': { mt: 0, mb: 1 },
                    '& > :last-child': { mb: 0 },
                  }}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
                  dangerouslySetInnerHTML={{ __html: entry.reflection }}
                />
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}
