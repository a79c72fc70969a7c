import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The padded, centred column every app page sits in. */
export function PageContainer({
  children,
  maxWidth = 1280,
}: {
  children: ReactNode;
  maxWidth?: number;
}) {
  return <Box sx={{ maxWidth, mx: 'auto', p: { xs: 2, sm: 3, lg: 4 } }}>{children}</Box>;
}

/** A page's h1 with its subtitle and actions; the actions wrap under the title on phones. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: { xs: 2.5, sm: 3 }, alignItems: { xs: 'stretch', sm: 'flex-end' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
