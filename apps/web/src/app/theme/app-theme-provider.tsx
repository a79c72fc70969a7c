import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { buildTheme } from '../../shared/theme/build-theme.ts';
import { ColorModeProvider, useColorMode } from '../../shared/theme/color-mode.tsx';
import type { OrgThemeInput } from '../../shared/theme/org-theme.ts';

interface AppThemeProviderProps {
  /** The organisation's colours; omitted until the organisation theme is loaded. */
  orgTheme?: OrgThemeInput | null;
  children: ReactNode;
}

function ThemedContent({ orgTheme, children }: AppThemeProviderProps) {
  const { mode } = useColorMode();
  const theme = useMemo(() => buildTheme(orgTheme, mode), [orgTheme, mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppThemeProvider({ orgTheme, children }: AppThemeProviderProps) {
  return (
    <ColorModeProvider>
      <ThemedContent orgTheme={orgTheme}>{children}</ThemedContent>
    </ColorModeProvider>
  );
}
