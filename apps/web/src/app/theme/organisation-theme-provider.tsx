import type { ReactNode } from 'react';
import { useOrganisation } from '../../features/organisations/index.ts';
import { AppThemeProvider } from './app-theme-provider.tsx';

/**
 * The theme of the organisation that owns this host (spec §1). Until it has loaded, or if it
 * cannot be, the built-in default theme is used.
 */
export function OrganisationThemeProvider({ children }: { children: ReactNode }) {
  const organisation = useOrganisation();
  return <AppThemeProvider orgTheme={organisation}>{children}</AppThemeProvider>;
}
