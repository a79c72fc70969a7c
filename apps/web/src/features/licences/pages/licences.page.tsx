import type { TLicence } from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
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
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useLicences } from '../api/licences.api.ts';
import { SeatBar } from '../components/seat-bar.tsx';
import { SeatsDialog } from '../components/seats-dialog.tsx';

/** '/licenses' (superadmin, spec §6): seats per organisation with their use. */
export default function LicencesPage() {
  const licences = useLicences();
  const [editing, setEditing] = useState<TLicence | null>(null);

  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title="Licences"
        subtitle="Seats per organisation. Active members use a seat; adding past the limit is refused."
      />
      <Card>
        {licences.isPending ? (
          <PageLoader label="Loading licences" />
        ) : licences.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(licences.error)}
          </Alert>
        ) : licences.data.length === 0 ? (
          <EmptyState icon={<WorkspacePremiumOutlined />}>No organisations yet.</EmptyState>
        ) : (
          <TableContainer>
            <Table aria-label="Licence seats per organisation">
              <TableHead>
                <TableRow>
                  <TableCell>Organisation</TableCell>
                  <TableCell>Use</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    Available
                  </TableCell>
                  <TableCell align="right">Seats</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {licences.data.map((licence) => (
                  <TableRow key={licence.organization.id}>
                    <TableCell>
                      <Typography sx={{ fontWeight: 600 }}>{licence.organization.title}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {licence.organization.acronym}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ width: { md: '40%' } }}>
                      <SeatBar licence={licence} />
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {licence.available ?? '—'}
                    </TableCell>
                    <TableCell align="right">
                      <Stack
                        direction="row"
                        spacing={0.5}
                        sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
                      >
                        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                          {licence.seats ?? 'No limit'}
                        </Typography>
                        <Tooltip title="Edit seats">
                          <IconButton
                            size="small"
                            onClick={() => setEditing(licence)}
                            aria-label={`Edit seats of ${licence.organization.title}`}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {editing && <SeatsDialog licence={editing} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
