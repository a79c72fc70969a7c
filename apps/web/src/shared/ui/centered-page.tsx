import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** A full-height page with its content centred: errors, not-found, sign-in style screens. */
export function CenteredPage({
  children,
  maxWidth = 'sm',
}: {
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        py: { xs: 4, sm: 8 },
        bgcolor: 'background.default',
      }}
    >
      <Container maxWidth={maxWidth}>{children}</Container>
    </Box>
  );
}
