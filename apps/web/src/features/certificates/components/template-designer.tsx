import type {
  TCertificateFields,
  TCertificateTemplate,
  TCertificateTemplateInput,
} from '@atrium/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { previewPdf, uploadCertificateImage, useSaveTemplate } from '../api/certificates.api.ts';

const FIELD_LABELS: Record<keyof TCertificateFields, string> = {
  learner: 'Learner’s name',
  achievement: 'Achievement',
  date: 'Date',
  score: 'Score',
  hours: 'Hours',
  expiry: 'Expiry',
  signatures: 'Signatures',
  code: 'Verification code',
  qr: 'QR code',
};

type Form = Required<Omit<TCertificateTemplateInput, 'signatures'>> & {
  signatures: { name: string; title: string; image: string | null }[];
};

const blank = (): Form => ({
  name: '',
  orientation: 'landscape',
  primary_color: '#1f4e79',
  text_color: '#222222',
  background_color: '#ffffff',
  background_image: null,
  logo_image: null,
  title: 'Certificate of Completion',
  fields: {
    learner: true,
    achievement: true,
    date: true,
    score: true,
    hours: true,
    expiry: true,
    signatures: true,
    code: true,
    qr: true,
  },
  signatures: [],
  validity_months: null,
});

const fromTemplate = (t: TCertificateTemplate): Form => ({
  name: t.name,
  orientation: t.orientation,
  primary_color: t.primary_color,
  text_color: t.text_color,
  background_color: t.background_color,
  background_image: t.background_image,
  logo_image: t.logo_image,
  title: t.title,
  fields: t.fields,
  signatures: t.signatures,
  validity_months: t.validity_months,
});

function ImageInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (uuid: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" size="small" disabled={busy}>
        {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-label={label}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            try {
              onChange((await uploadCertificateImage(file)).uuid);
            } catch (err) {
              notifyError(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        />
      </Button>
      {value && (
        <Button size="small" onClick={() => onChange(null)}>
          Remove {label.toLowerCase()}
        </Button>
      )}
    </Stack>
  );
}

/** The designer: the template's fields beside a live PDF preview drawn by the server. */
export function TemplateDesigner({
  template,
  onClose,
}: {
  template: TCertificateTemplate | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => (template ? fromTemplate(template) : blank()));
  const [preview, setPreview] = useState<string | null>(null);
  const save = useSaveTemplate();
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  // The preview follows the design, a moment after the last change.
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const blob = await previewPdf({ ...form, name: form.name || 'Preview' });
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      } catch {
        /* an invalid intermediate design: keep the last preview */
      }
    }, 600);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [form]);

  const submit = async () => {
    try {
      await save.mutateAsync({ id: template?.id ?? null, body: form });
      notifySuccess('Template saved.');
      onClose();
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const sig = (i: number, patch: Partial<Form['signatures'][number]>) =>
    set(
      'signatures',
      form.signatures.map((s, j) => (j === i ? { ...s, ...patch } : s)),
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{template ? `Edit “${template.name}”` : 'New certificate template'}</DialogTitle>
      <DialogContent>
        <Grid container spacing={3} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={2}>
              <TextField
                label="Template name"
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                required
              />
              <TextField
                label="Title text"
                value={form.title}
                onChange={(e) => set('title', e.target.value)}
              />
              <TextField
                select
                label="Orientation"
                value={form.orientation}
                onChange={(e) => set('orientation', e.target.value as Form['orientation'])}
              >
                <MenuItem value="landscape">Landscape</MenuItem>
                <MenuItem value="portrait">Portrait</MenuItem>
              </TextField>
              <Stack direction="row" spacing={1}>
                <TextField
                  type="color"
                  label="Accent colour"
                  value={form.primary_color}
                  onChange={(e) => set('primary_color', e.target.value)}
                  fullWidth
                />
                <TextField
                  type="color"
                  label="Text colour"
                  value={form.text_color}
                  onChange={(e) => set('text_color', e.target.value)}
                  fullWidth
                />
                <TextField
                  type="color"
                  label="Background colour"
                  value={form.background_color}
                  onChange={(e) => set('background_color', e.target.value)}
                  fullWidth
                />
              </Stack>
              <ImageInput
                label="Background image"
                value={form.background_image}
                onChange={(v) => set('background_image', v)}
              />
              <ImageInput
                label="Logo"
                value={form.logo_image}
                onChange={(v) => set('logo_image', v)}
              />
              <TextField
                label="Valid for (months)"
                value={form.validity_months ?? ''}
                onChange={(e) =>
                  set('validity_months', e.target.value === '' ? null : Number(e.target.value))
                }
                helperText="Empty: never expires."
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <Typography variant="subtitle2">Printed fields</Typography>
              <FormGroup row>
                {(Object.keys(FIELD_LABELS) as (keyof TCertificateFields)[]).map((k) => (
                  <FormControlLabel
                    key={k}
                    control={
                      <Checkbox
                        checked={form.fields[k]}
                        onChange={(e) => set('fields', { ...form.fields, [k]: e.target.checked })}
                      />
                    }
                    label={FIELD_LABELS[k]}
                  />
                ))}
              </FormGroup>
              <Typography variant="subtitle2">Signatures</Typography>
              {form.signatures.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: at most two, edited in place
                <Stack key={i} spacing={1}>
                  <TextField
                    label={`Signature ${i + 1} name`}
                    value={s.name}
                    onChange={(e) => sig(i, { name: e.target.value })}
                  />
                  <TextField
                    label={`Signature ${i + 1} title`}
                    value={s.title}
                    onChange={(e) => sig(i, { title: e.target.value })}
                  />
                  <ImageInput
                    label={`Signature ${i + 1} image`}
                    value={s.image}
                    onChange={(v) => sig(i, { image: v })}
                  />
                  <Button
                    size="small"
                    onClick={() =>
                      set(
                        'signatures',
                        form.signatures.filter((_s, j) => j !== i),
                      )
                    }
                  >
                    Remove signature {i + 1}
                  </Button>
                </Stack>
              ))}
              {form.signatures.length < 2 && (
                <Button
                  size="small"
                  onClick={() =>
                    set('signatures', [
                      ...form.signatures,
                      { name: 'Name', title: '', image: null },
                    ])
                  }
                >
                  Add a signature
                </Button>
              )}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            {preview ? (
              <iframe
                title="Certificate preview"
                src={preview}
                style={{ width: '100%', height: 520, border: 0 }}
              />
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>Preparing the preview…</Typography>
            )}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={form.name.trim() === '' || save.isPending}
        >
          Save template
        </Button>
      </DialogActions>
    </Dialog>
  );
}
