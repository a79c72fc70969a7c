import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import { ContactInbox } from '../components/contact-inbox.tsx';

/**
 * `/contactUs` (spec §2): the contact form, public; admins also get the messages that came in
 * (`?tab=messages`, where the admins' notification mail points).
 */
export default function ContactPage() {
  const { user } = useSession();
  const admin = user !== null && isAdmin(user.role.id);
  const [params, setParams] = useSearchParams();
  const tab = admin && params.get('tab') === 'messages' ? 'messages' : 'write';

  return (
    <PageContainer maxWidth={900}>
      <PageHeader
        title="Contact us"
        subtitle={tab === 'write' ? 'Write to us and we will answer by e-mail.' : undefined}
      />
      {admin && (
        <Tabs
          value={tab}
          onChange={(_e, value: string) =>
            setParams(value === 'messages' ? { tab: 'messages' } : {}, { replace: true })
          }
          sx={{ mb: 2 }}
          aria-label="Contact"
        >
          <Tab value="write" label="Write" />
          <Tab value="messages" label="Messages" />
        </Tabs>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {tab === 'messages' ? (
          <>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              Messages
            </Typography>
            <ContactInbox />
          </>
        ) : (
          <ContactForm />
        )}
      </Paper>
    </PageContainer>
  );
}
