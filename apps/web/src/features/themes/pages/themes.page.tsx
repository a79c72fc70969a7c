import type { TOrganisation } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isPermitted } from '../../../shared/menu/permitted.ts';
import { isAdmin, isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useOrganisationRecord } from '../../organisations/index.ts';
import { useThemeContent } from '../api/themes.api.ts';
import { OrganisationPicker } from '../components/organisation-picker.tsx';
import { ThemeEditor } from '../components/theme-editor.tsx';

function EditorFor({ organisation }: { organisation: TOrganisation }) {
  const content = useThemeContent(organisation);
  if (content.isPending) return <PageLoader label="Loading the theme" />;
  if (content.isError) return <Alert severity="error">{errorMessage(content.error)}</Alert>;
  // The content endpoint answers by domain; without its own domain an organisation other than
  // the default cannot be told apart from the default, and editing the wrong theme is worse.
  if (content.data.id !== organisation.id) {
    return (
      <Alert severity="info">
        {organisation.title} has no domain yet, so its current theme cannot be loaded. Set its
        domain under Organization → Human Resource first.
      </Alert>
    );
  }
  return (
    <ThemeEditor key={organisation.id} organisationId={organisation.id} content={content.data} />
  );
}

/** '/themes': the look of the caller's organisation (a superadmin may pick any). */
export default function ThemesPage() {
  const { user, permittedPaths } = useSession();
  const superadmin = user ? isSuperadmin(user.role.id) : false;
  const [picked, setPicked] = useState<TOrganisation | null>(null);
  const own = useOrganisationRecord(user ? user.membership.organization.id : null);
  if (!user) return null;
  // The server lets admins holding the Theme menu entry edit (a superadmin always).
  if (!superadmin && !(isAdmin(user.role.id) && isPermitted('/themes', permittedPaths))) {
    return (
      <AccessNotice title="Theme">
        Changing the look of your organisation is for its administrators.
      </AccessNotice>
    );
  }
  const organisation = picked ?? own.data ?? null;

  return (
    <PageContainer>
      <PageHeader
        title="Theme"
        subtitle={
          organisation
            ? `The look of ${organisation.title}: colours, texts and images.`
            : 'The look of your organisation.'
        }
        actions={superadmin && <OrganisationPicker value={organisation} onChange={setPicked} />}
      />
      {organisation ? (
        <EditorFor organisation={organisation} />
      ) : own.isError ? (
        <Alert severity="error">{errorMessage(own.error)}</Alert>
      ) : (
        <PageLoader label="Loading the organisation" />
      )}
    </PageContainer>
  );
}
