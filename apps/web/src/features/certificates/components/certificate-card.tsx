import type { TCertificate } from '@atrium/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { downloadPdf } from '../api/certificates.api.ts';
import {
  formatDate,
  KIND_LABEL,
  linkedInUrl,
  STATUS_COLOR,
  STATUS_LABEL,
  shareUrl,
} from '../labels.ts';

/** A learner's certificate: download, share link, LinkedIn. */
export function CertificateCard({ c }: { c: TCertificate }) {
  const download = async () => {
    try {
      saveBlob(await downloadPdf(c.id), `certificate-${c.code}.pdf`);
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl(c.code));
      notifySuccess('Link copied.');
    } catch {
      notifyError(`Copy this link: ${shareUrl(c.code)}`);
    }
  };
  return (
    <Card component="article" aria-label={c.achievement_name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
          <Chip size="small" label={KIND_LABEL[c.achievement_kind]} />
          <Chip size="small" color={STATUS_COLOR[c.status]} label={STATUS_LABEL[c.status]} />
        </Stack>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
          {c.achievement_name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Issued {formatDate(c.issued_at)}
          {c.expires_at ? ` · valid until ${formatDate(c.expires_at)}` : ''} · code {c.code}
        </Typography>
        {c.status === 'revoked' && (
          <Typography variant="body2" color="error">
            Revoked: {c.revoked_reason}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" onClick={download} disabled={!c.pdf_ready || !c.abilities.download}>
          {c.pdf_ready ? 'Download PDF' : 'PDF being prepared'}
        </Button>
        <Button size="small" onClick={copy}>
          Copy share link
        </Button>
        <Button
          size="small"
          component="a"
          href={linkedInUrl(c)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Add to LinkedIn
        </Button>
      </CardActions>
    </Card>
  );
}
