import { IMPORT_COLUMNS } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { downloadTemplate } from '../api/user-import.api.ts';

const REQUIRED: ReadonlySet<string> = new Set(['username', 'email', 'role']);

/** The file's expected columns and the templates to start from. */
export function ImportGuide() {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadTemplate(format);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <SectionCard title="The file" subtitle="One user per row, with these columns in the first row.">
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {IMPORT_COLUMNS.map((column) => (
          <Chip
            key={column}
            size="small"
            label={REQUIRED.has(column) ? `${column} *` : column}
            variant={REQUIRED.has(column) ? 'filled' : 'outlined'}
          />
        ))}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        * required. Role is learner, trainer, admin or hiring manager. Department, designation and
        location use the names of your organisation’s structure. New users are e-mailed a link to
        set their password.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            startIcon={<DownloadOutlined />}
            loading={busy === format}
            onClick={() => void download(format)}
          >
            {format.toUpperCase()} template
          </Button>
        ))}
      </Box>
    </SectionCard>
  );
}
