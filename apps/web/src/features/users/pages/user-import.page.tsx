import { IMPORT_ALLOWED_TYPES, IMPORT_MAX_BYTES } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { fileProblem, formatBytes } from '../../../shared/files/file-rules.ts';
import { isPermitted } from '../../../shared/menu/permitted.ts';
import { isAdmin, isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { useImportUsers } from '../api/user-import.api.ts';
import { ImportErrorReport } from '../components/import-error-report.tsx';
import { ImportGuide } from '../components/import-guide.tsx';
import { importReport } from '../import-report.ts';

const IMPORT_RULE = { allowed: IMPORT_ALLOWED_TYPES, maxBytes: IMPORT_MAX_BYTES };

/** '/user-import': users from a CSV or XLSX file, all or none. */
export default function UserImportPage() {
  const { user, permittedPaths } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useImportUsers();
  if (!user) return null;
  // The server takes imports from admins holding the Users entry (a superadmin always).
  if (
    !isSuperadmin(user.role.id) &&
    !(isAdmin(user.role.id) && isPermitted('/settings', permittedPaths))
  ) {
    return (
      <AccessNotice title="Import users">
        Importing users is for the administrators of your organisation.
      </AccessNotice>
    );
  }

  const choose = (chosen: File) => {
    upload.reset();
    const found = fileProblem(chosen, IMPORT_RULE);
    setProblem(found);
    setFile(found ? null : chosen);
  };
  const start = () => {
    if (!file) return;
    setProgress(null);
    upload.mutate({ file, onProgress: setProgress });
  };

  return (
    <PageContainer maxWidth={1100}>
      <Button
        component={RouterLink}
        to="/settings"
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Users
      </Button>
      <PageHeader
        title="Import users"
        subtitle="Every row is checked before anything is saved: the file is imported whole or not at all."
      />
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SectionCard title="Upload" busy={upload.isPending}>
            <Stack spacing={2.5}>
              {upload.isSuccess ? (
                <Alert
                  severity="success"
                  icon={<CheckCircleOutlined />}
                  action={
                    <Button
                      component={RouterLink}
                      to="/settings"
                      color="inherit"
                      size="small"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      See users
                    </Button>
                  }
                >
                  <Typography sx={{ fontWeight: 600 }}>{upload.data.message}</Typography>
                  {upload.data.created} new account{upload.data.created === 1 ? '' : 's'} from{' '}
                  {file?.name}.
                </Alert>
              ) : (
                upload.isError &&
                file && (
                  <ImportErrorReport report={importReport(upload.error)} fileName={file.name} />
                )
              )}
              {upload.isPending ? (
                <UploadProgressBar
                  progress={progress}
                  label={`Uploading ${file?.name ?? 'the file'}`}
                />
              ) : (
                <FileDropZone
                  rule={IMPORT_RULE}
                  onFile={choose}
                  buttonLabel={upload.isError ? 'Choose the corrected file' : 'Choose a file'}
                />
              )}
              {problem && <Alert severity="warning">{problem}</Alert>}
              {file && !upload.isPending && !upload.isSuccess && (
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}
                  >
                    <InsertDriveFileOutlined color="action" />
                    <Typography noWrap sx={{ fontWeight: 600 }} title={file.name}>
                      {file.name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                      {formatBytes(file.size)}
                    </Typography>
                  </Stack>
                  <Button variant="contained" onClick={start}>
                    {upload.isError ? 'Import again' : 'Import users'}
                  </Button>
                </Stack>
              )}
            </Stack>
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ImportGuide />
        </Grid>
      </Grid>
    </PageContainer>
  );
}
