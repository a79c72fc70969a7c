import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';
import { SNACKBAR_VARIANTS, snackbarColors } from '../theme/snackbar-colors.ts';

/**
 * notistack's snackbar with colours from the theme palette instead of its fixed ones, which fail
 * WCAG AA contrast (white on #43a047 green is 3.3:1). The variant class plus this component's
 * own class outrank notistack's single-class rules.
 */
const ThemedSnackbarContent = styled(MaterialDesignContent)(({ theme }) => {
  const colors = snackbarColors(theme.palette);
  return Object.fromEntries(
    SNACKBAR_VARIANTS.map((variant) => [
      `&.notistack-MuiContent-${variant}`,
      { backgroundColor: colors[variant].background, color: colors[variant].color },
    ]),
  );
});

/** For SnackbarProvider's `Components` prop: every variant rendered with the themed content. */
export const SNACKBAR_COMPONENTS = Object.fromEntries(
  SNACKBAR_VARIANTS.map((variant) => [variant, ThemedSnackbarContent]),
);
