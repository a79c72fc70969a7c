import { credentialOps, type TCertificateVerification } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { urlOf } from '../../../shared/api/call.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useVerification } from '../api/certificates.api.ts';
import { formatDate, KIND_LABEL, STATUS_LABEL, sha256Hex } from '../labels.ts';

function Row({ label, value }: { label: string; value: string | null }) {
  if (value === null || value === '') return null;
  return (
    <Box component="div" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600, minWidth: 160 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Hashes a chosen PDF in the browser and compares it with the hash of the issued one. */
function CheckPdf({ expected }: { expected: string | null }) {
  const inputId = useId();
  const [result, setResult] = useState<'match' | 'mismatch' | null>(null);
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setResult((await sha256Hex(file)) === expected ? 'match' : 'mismatch');
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        Choose the PDF you were given: it is hashed on this device (nothing is uploaded) and
        compared with the certificate as issued.
      </Typography>
      <Box>
        <label htmlFor={inputId}>
          <Typography component="span" sx={{ mr: 1 }}>
            Choose the PDF to check
          </Typography>
        </label>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          onChange={onChange}
          disabled={!expected}
        />
      </Box>
      {result === 'match' && (
        <Alert severity="success">This PDF is exactly the certificate that was issued.</Alert>
      )}
      {result === 'mismatch' && (
        <Alert severity="error">
          This PDF does not match the issued certificate: it was changed, or it is another one.
        </Alert>
      )}
    </Stack>
  );
}

function Details({ v }: { v: TCertificateVerification }) {
  const p = v.printed;
  return (
    <Stack spacing={3}>
      <Alert
        severity={v.status === 'valid' ? 'success' : v.status === 'expired' ? 'warning' : 'error'}
      >
        {v.status === 'valid' && 'This certificate is valid.'}
        {v.status === 'expired' && `This certificate expired on ${formatDate(v.expires_at ?? '')}.`}
        {v.status === 'revoked' &&
          `This certificate was revoked on ${formatDate(v.revoked_at ?? '')}: ${v.revoked_reason ?? ''}`}
        {v.status === 'replaced' && 'A newer certificate replaced this one (recertification).'}
      </Alert>
      <SectionCard title="What the certificate says">
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Status" value={STATUS_LABEL[v.status]} />
          <Row label="Title" value={p.title} />
          <Row label="Awarded to" value={p.learner_name} />
          <Row label={KIND_LABEL[v.achievement_kind]} value={p.achievement_name} />
          <Row label="Issued by" value={p.organisation_name} />
          <Row label="Date" value={p.issued_on ?? formatDate(v.issued_at)} />
          <Row label="Score" value={p.score === null ? null : `${p.score}%`} />
          <Row label="Hours" value={p.hours === null ? null : String(p.hours)} />
          <Row label="Valid until" value={p.expires_on} />
          {p.signatures.map((s) => (
            <Row
              key={`${s.name}|${s.title}`}
              label="Signed by"
              value={s.title ? `${s.name}, ${s.title}` : s.name}
            />
          ))}
          <Row label="Verification code" value={v.code} />
          <Row label="PDF SHA-256" value={v.pdf_sha256} />
        </Box>
      </SectionCard>
      <SectionCard title="Check a PDF">
        <CheckPdf expected={v.pdf_sha256} />
      </SectionCard>
      {v.credential_uuid && (
        <SectionCard title="Open Badges credential">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Link href={urlOf(credentialOps.download, { params: { uuid: v.credential_uuid } })}>
              Credential (JSON)
            </Link>
            <Link href={urlOf(credentialOps.verifyStored, { params: { uuid: v.credential_uuid } })}>
              Verify the credential’s signature
            </Link>
          </Stack>
        </SectionCard>
      )}
    </Stack>
  );
}

/** Public (no sign-in): /verify/:code. */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const q = useVerification(code);
  return (
    <PageContainer maxWidth={820}>
      <PageHeader
        title="Certificate verification"
        subtitle={<Chip label={code} variant="outlined" />}
      />
      {q.isPending && (
        <Skeleton variant="rounded" height={240} aria-label="Loading the certificate" />
      )}
      {q.isError && (
        <Alert
          severity={q.error instanceof ApiError && q.error.status === 404 ? 'warning' : 'error'}
          action={
            q.error instanceof ApiError && q.error.status === 404 ? undefined : (
              <Button color="inherit" size="small" onClick={() => q.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {q.error instanceof ApiError && q.error.status === 404
            ? 'No certificate has this code. Check it and try again.'
            : errorMessage(q.error)}
        </Alert>
      )}
      {q.data && <Details v={q.data} />}
    </PageContainer>
  );
}
