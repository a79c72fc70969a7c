import AppsOutlined from '@mui/icons-material/AppsOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { DrawerItem } from '../../../shared/menu/drawer-items.ts';
import { MenuIcon } from '../../../shared/menu/menu-icons.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';

type RouteItem = Extract<DrawerItem, { kind: 'route' }>;

/** One tile per permitted page of the menu (the dashboard itself left out). */
export function ShortcutsCard({ items }: { items: RouteItem[] }) {
  const shortcuts = items.filter((item) => item.to !== '/dashboard');
  return (
    <SectionCard title="Shortcuts" subtitle="Everything your menu gives you access to.">
      {shortcuts.length === 0 ? (
        <EmptyState icon={<AppsOutlined />}>
          Your menu has no pages yet. Ask your administrator for access.
        </EmptyState>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          }}
        >
          {shortcuts.map((item) => (
            <li key={item.key}>
              <ButtonBase
                component={RouterLink}
                to={item.to}
                focusRipple
                sx={(theme) => ({
                  width: '100%',
                  height: '100%',
                  flexDirection: 'column',
                  gap: 1,
                  py: 2,
                  px: 1,
                  borderRadius: 2,
                  border: `1px solid ${theme.palette.divider}`,
                  transition: theme.transitions.create(['background-color', 'border-color']),
                  '&:hover, &.Mui-focusVisible': {
                    bgcolor: alpha(theme.palette.primary.main, 0.12),
                    borderColor: theme.palette.primary.main,
                  },
                })}
              >
                <MenuIcon name={item.icon} />
                <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
                  {item.title}
                </Typography>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
