import type { TReportFormat, TReportSourceInput } from '@atrium/contract';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { downloadExport, useCreateExport } from '../api/exports.api.ts';

const FORMATS: { format: TReportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * "Export" with CSV / XLSX / PDF for any report (a widget with its filters, a saved report, a
 * definition). A small report comes back done and the browser downloads it at once; a large one
 * is queued and the user goes to /download-report/{id}, which follows it live.
 */
export function ExportMenu({
  source,
  disabled,
  label = 'Export',
}: {
  source: TReportSourceInput;
  disabled?: boolean;
  label?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const create = useCreateExport();
  const navigate = useNavigate();
  const menuId = useId();

  const choose = async (format: TReportFormat) => {
    setAnchor(null);
    try {
      const created = await create.mutateAsync({ source, format });
      if (created.status === 'done') await downloadExport(created);
      else if (created.status === 'failed') notifyError(created.error ?? 'The export failed.');
      else navigate(`/download-report/${created.id}`);
    } catch (err) {
      notifyError(errorMessage(err, 'The report could not be exported.'));
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={disabled || create.isPending}
        startIcon={
          create.isPending ? (
            <CircularProgress size={16} aria-label="Exporting" />
          ) : (
            <FileDownloadOutlined fontSize="small" />
          )
        }
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((f) => (
          <MenuItem key={f.format} onClick={() => void choose(f.format)}>
            {f.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
