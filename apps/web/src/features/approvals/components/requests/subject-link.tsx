import type { TApprovalRequest } from '@atrium/contract';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
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
  const href = subjectHref(request, approver);
  const stop = (event: MouseEvent) => event.stopPropagation();
  const style = [{ fontWeight: 600, overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])];
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
