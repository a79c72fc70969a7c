import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Set by the app shell around its pages: a centred page there fills the space under the top bar
 * and is not a second <main> landmark.
 */
export const InShellContext = createContext(false);

/** A full-height page with its content centred: errors, not-found, sign-in style screens. */
export function CenteredPage({
  children,
  maxWidth = 'sm',
}: {
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  const inShell = useContext(InShellContext);
  return (
    <Box
      component={inShell ? 'div' : 'main'}
      sx={{
        minHeight: inShell ? 'calc(100dvh - var(--app-header-height, 0px))' : '100dvh',
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
