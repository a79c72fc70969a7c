import Box from '@mui/material/Box';
import { useOrganisation } from '../../organisations/index.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';

/** '/' and '/login' (spec §2). */
export default function SignInPage() {
  const organisation = useOrganisation();
  return (
    <AuthLayout
      title="Sign in"
      subtitle={
        <>
          {/* Wide screens show the welcome message in the organisation panel instead. */}
          <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
            Enter your user name and password to continue.
          </Box>
          <Box component="span" sx={{ display: { md: 'none' } }}>
            {organisation?.welcome_message || 'Enter your user name and password to continue.'}
          </Box>
        </>
      }
    >
      <SignInForm portal="web" />
    </AuthLayout>
  );
}
