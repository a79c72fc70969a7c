import { AuthLayout } from '../components/auth-layout.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';

/** '/sa' (spec §2): the platform super admin signs in here, whatever the host's organisation. */
export default function SuperAdminSignInPage() {
  return (
    <AuthLayout
      title="Super admin sign in"
      subtitle="For platform administrators. Everyone else signs in on the home page."
    >
      <SignInForm portal="sa" />
    </AuthLayout>
  );
}
