import type { TApprovalRequest } from '@atrium/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../../shared/navigation/page-availability.ts';
import { subjectHref } from '../../approval-query.ts';

/**
 * The request's subject, linked where the server says the app shows it: in request-flow mode for
 * an approver. The link stops its click, so following it never also opens the row's drawer.
 */
export function SubjectLink({
  request,
  approver,
  sx,
}: {
  request: Pick<TApprovalRequest, 'id' | 'subject'>;
  approver: boolean;
  sx?: SxProps<Theme>;
}) {
  const hasPage = useHasPage();
  const href = subjectHref(request, approver);
  const stop = (event: MouseEvent) => event.stopPropagation();
  const style = [{ fontWeight: 600, overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])];
  // A subject whose screen is not built yet is named, not linked.
  if (!hasPage(href)) {
    return (
      <Box component="span" sx={style}>
        {request.subject.title}
      </Box>
    );
  }
  return href.startsWith('/') ? (
    <Link component={RouterLink} to={href} onClick={stop} underline="hover" sx={style}>
      {request.subject.title}
    </Link>
  ) : (
    <Link href={href} onClick={stop} underline="hover" sx={style}>
      {request.subject.title}
    </Link>
  );
}
