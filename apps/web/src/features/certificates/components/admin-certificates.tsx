import {
  CERTIFICATE_KINDS,
  CERTIFICATE_STATUSES,
  type TCertificate,
  type TCertificateKind,
  type TCertificateStatus,
} from '@atrium/contract';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import {
  CERTIFICATE_PAGE_SIZE,
  downloadPdf,
  useCertificates,
  useReissue,
  useRevoke,
} from '../api/certificates.api.ts';
import { formatDate, KIND_LABEL, STATUS_COLOR, STATUS_LABEL } from '../labels.ts';

function RevokeDialog({ c, onClose }: { c: TCertificate; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const revoke = useRevoke();
  const submit = async () => {
    try {
      await revoke.mutateAsync({ id: c.id, reason });
      notifySuccess('Certificate revoked.');
      onClose();
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Revoke the certificate of {c.learner_name}</DialogTitle>
      <DialogContent>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          sx={{ mt: 1 }}
          helperText="Shown on the public verification page."
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" onClick={submit} disabled={reason.trim() === '' || revoke.isPending}>
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The organisation's certificates: filters, pages, revoke and re-issue (admins). */
export function AdminCertificates() {
  const [status, setStatus] = useState<TCertificateStatus | ''>('');
  const [kind, setKind] = useState<TCertificateKind | ''>('');
  const [user, setUser] = useState('');
  const [page, setPage] = useState(0);
  const [revoking, setRevoking] = useState<TCertificate | null>(null);
  const reissue = useReissue();
  const userId = /^\d+$/.test(user) ? Number(user) : undefined;
  const q = useCertificates({
    page: page + 1,
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(userId ? { user: userId } : {}),
  });
  const doReissue = async (c: TCertificate) => {
    try {
      await reissue.mutateAsync(c.id);
      notifySuccess('Certificate re-issued with the current template.');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const download = async (c: TCertificate) => {
    try {
      saveBlob(await downloadPdf(c.id), `certificate-${c.code}.pdf`);
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TCertificateStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any</MenuItem>
          {CERTIFICATE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABEL[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Achievement"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as TCertificateKind | '');
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Any</MenuItem>
          {CERTIFICATE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {KIND_LABEL[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Person (user id)"
          value={user}
          onChange={(e) => {
            setUser(e.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      {q.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => q.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(q.error)}
        </Alert>
      )}
      {q.isPending && <Skeleton variant="rounded" height={200} aria-label="Loading certificates" />}
      {q.data && q.data.results.length === 0 && (
        <EmptyState icon={<WorkspacePremiumOutlined />}>No certificates match.</EmptyState>
      )}
      {q.data && q.data.results.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Certificates">
            <TableHead>
              <TableRow>
                <TableCell>Learner</TableCell>
                <TableCell>Achievement</TableCell>
                <TableCell>Issued</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Code</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.results.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.learner_name}</TableCell>
                  <TableCell>
                    {c.achievement_name} ({KIND_LABEL[c.achievement_kind]})
                  </TableCell>
                  <TableCell>{formatDate(c.issued_at)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[c.status]}
                      label={STATUS_LABEL[c.status]}
                    />
                  </TableCell>
                  <TableCell>{c.code}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {c.abilities.download && c.pdf_ready && (
                      <Button
                        size="small"
                        onClick={() => download(c)}
                        aria-label={`Download ${c.code}`}
                      >
                        PDF
                      </Button>
                    )}
                    {c.abilities.reissue && (
                      <Button
                        size="small"
                        onClick={() => doReissue(c)}
                        disabled={reissue.isPending}
                        aria-label={`Re-issue ${c.code}`}
                      >
                        Re-issue
                      </Button>
                    )}
                    {c.abilities.revoke && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRevoking(c)}
                        aria-label={`Revoke ${c.code}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={q.data.count}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={CERTIFICATE_PAGE_SIZE}
            rowsPerPageOptions={[CERTIFICATE_PAGE_SIZE]}
          />
        </TableContainer>
      )}
      {revoking && <RevokeDialog c={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}
