import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** CSV and XLSX download buttons of a report; `what` completes each button's accessible name. */
export function ExportButtons({
  what,
  busy,
  onExport,
}: {
  what: string;
  busy: 'csv' | 'xlsx' | null;
  onExport: (format: 'csv' | 'xlsx') => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          startIcon={<DownloadOutlined />}
          loading={busy === format}
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
