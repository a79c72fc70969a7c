import { CPD_EXPORT_FORMATS } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Format = (typeof CPD_EXPORT_FORMATS)[number];

/**
 * XLSX and PDF downloads of a cycle's ledger, for auditors. The one downloading spins, the other
 * waits; `what` completes each button's accessible name ('the ledger of the current cycle').
 */
export function LedgerExportButtons({
  what,
  scope,
  busy,
  onExport,
}: {
  what: string;
  /** Which entries a file holds, shown before the buttons ('Current cycle'). */
  scope: string;
  busy: Format | null;
  onExport: (format: Format) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexShrink: 0, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="body2" aria-hidden sx={{ color: 'text.secondary' }}>
        Export ({scope}):
      </Typography>
      {CPD_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<DownloadOutlined />}
          loading={busy === format}
          loadingPosition="start"
          disabled={busy !== null && busy !== format}
          onClick={() => onExport(format)}
          aria-label={`Export ${what} as ${format.toUpperCase()}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}
