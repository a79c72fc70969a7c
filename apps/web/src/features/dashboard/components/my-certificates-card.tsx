import { certificateOps, type TCertificate } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { shortDate } from '../dashboard-format.ts';

const SHOWN = 4;

function CertificateRow({ certificate: c }: { certificate: TCertificate }) {
  const [busy, setBusy] = useState(false);
  const ready = c.pdf_ready && c.abilities.download;
  const download = async () => {
    setBusy(true);
    try {
      // Through `call`: a refused or missing PDF shows the server's message, not an error page.
      const pdf = await call(certificateOps.pdf, { params: { id: c.id } });
      saveBlob(pdf, `certificate-${c.code}.pdf`);
    } catch (err) {
      notifyError(errorMessage(err, 'Could not download the certificate.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {c.achievement_name}
        </Typography>
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          Issued {shortDate(c.issued_at)}
          {c.expires_at ? ` · expires ${shortDate(c.expires_at)}` : ''}
        </Typography>
      </Box>
      <Button
        size="small"
        startIcon={<DownloadOutlined />}
        onClick={download}
        disabled={!ready || busy}
        aria-label={
          ready ? `Download the certificate for ${c.achievement_name}` : 'PDF being prepared'
        }
        sx={{ flexShrink: 0 }}
      >
        {ready ? 'PDF' : 'Preparing'}
      </Button>
    </Stack>
  );
}

/**
 * The learner's latest valid certificates, each one click from its PDF; all of them, with
 * sharing, are on /certificate.
 */
export function MyCertificatesCard() {
  const query = { status: 'valid', page: 1, page_size: SHOWN } as const;
  const list = useQuery({
    queryKey: ['certificates', 'list', query],
    queryFn: ({ signal }) => call(certificateOps.list, { query, signal }),
  });
  const certificates = list.data?.results;
  return (
    <SectionCard
      title="My certificates"
      subtitle="What you have earned."
      busy={list.isPending}
      action={
        <Button component={RouterLink} to="/certificate" size="small">
          All certificates
        </Button>
      }
    >
      {list.isPending ? (
        [0, 1].map((row) => <Skeleton key={row} height={44} />)
      ) : list.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(list.error, 'Could not get your certificates.')}
        </Typography>
      ) : !certificates || certificates.length === 0 ? (
        <EmptyState icon={<WorkspacePremiumOutlined />}>
          No certificate yet. Complete a course or a learning path to earn one.
        </EmptyState>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {certificates.map((c) => (
            <CertificateRow key={c.id} certificate={c} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
