import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { useCpdSummary } from '../api/cpd.api.ts';
import { AddExternalDialog } from './add-external-dialog.tsx';
import { LedgerSection } from './ledger/ledger-section.tsx';
import { CpdSummaryView } from './summary/cpd-summary.tsx';

/**
 * A learner's CPD: progress in the current cycle and the ledger. The learner's own (the /cpd
 * "My CPD" tab) adds external CPD and withdraws it; another user's (/cpd-view/{uid}, for their
 * admins) is read-only, exports and evidence aside.
 */
export function MyCpd({ userId, readOnly = false }: { userId?: number; readOnly?: boolean }) {
  const { user } = useSession();
  const summary = useCpdSummary(userId);
  const [adding, setAdding] = useState(false);
  const admin = user ? isAdmin(user.role.id) : false;
  return (
    <Stack spacing={2.5}>
      <CpdSummaryView summary={summary.data} error={summary.error} admin={admin} />
      <LedgerSection
        userId={userId}
        summary={summary.data}
        readOnly={readOnly}
        onAdd={readOnly ? undefined : () => setAdding(true)}
      />
      {!readOnly && (
        <AddExternalDialog
          open={adding}
          unit={summary.data?.unit ?? 'hours'}
          // Without a scheme the server asks for evidence too.
          evidenceRequired={summary.data?.scheme?.evidence_required ?? true}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
