import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** The buttons under a form: whatever goes back or skips, then the submit button. */
export function FormFooter({
  submitLabel,
  busy,
  secondary,
}: {
  submitLabel: string;
  busy: boolean;
  secondary?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', pt: 1, pb: 1 }}>
      {secondary}
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** A plain text button for the footer (Cancel, Back, Skip). */
export function FooterButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button color="inherit" onClick={onClick}>
      {children}
    </Button>
  );
}
