import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled section of a page; the title names the region for assistive technology. */
export function SectionCard({
  title,
  subtitle,
  action,
  busy = false,
  children,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  /** While its data loads: assistive technology waits instead of reading skeletons. */
  busy?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={busy} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2, gap: 1 }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.1rem' }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
                {subtitle}
              </Typography>
            )}
          </Stack>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** What a section says when it has nothing to show yet. */
export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: 'center', textAlign: 'center', py: 3, px: 2, color: 'text.secondary' }}
    >
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}
