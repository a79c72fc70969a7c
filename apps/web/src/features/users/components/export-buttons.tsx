import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { exportUsers } from '../api/users.api.ts';
import type { UserListState } from '../user-list-query.ts';

/** The list as it is filtered and sorted now, as CSV or XLSX. */
export function ExportButtons({ state }: { state: UserListState }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await exportUsers(state, format);
    } catch (error) {
      notifyError(errorMessage(error, MESSAGES.listFailed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          color="inherit"
          startIcon={<DownloadOutlined />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void run(format)}
          aria-label={`Export the list as ${format.toUpperCase()}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
