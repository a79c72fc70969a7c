import { ZResetConfirm, ZResetRequest } from '@atrium/contract';
import { z } from 'zod';

/** The contract's rules, shaped for the two reset forms (the contract schema takes either). */
const newPassword = {
  new_password: ZResetConfirm.shape.new_password,
  re_new_password: z.string().min(1, 'Enter the new password again.'),
};
const passwordsMatch = {
  check: (values: { new_password: string; re_new_password: string }) =>
    values.new_password === values.re_new_password,
  issue: { message: 'The two passwords do not match.', path: ['re_new_password'] },
};

/** /password/reset/confirm/:uid/:token: the link carries who it is for. */
export const ZResetByLinkForm = z
  .object(newPassword)
  .refine(passwordsMatch.check, passwordsMatch.issue);

/** /password/reset/Otp/: the account and the 6-digit code from the mail. */
export const ZResetByCodeForm = z
  .object({
    email: ZResetRequest.shape.email,
    otp: ZResetConfirm.shape.otp.unwrap(),
    ...newPassword,
  })
  .refine(passwordsMatch.check, passwordsMatch.issue);

export const ZResetRequestForm = z.object({ email: ZResetRequest.shape.email });
