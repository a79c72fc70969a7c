import type { MailMessage } from '../../core/mail/mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto">`,
    `<h2>${escapeHtml(title)}</h2>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#f9a72f;color:#000;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(action.url)}</p>`
      : '',
    '</div>',
  ].join('');
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
  ].join('\n');
  return { html, text };
}

export function verificationMail(to: string, orgTitle: string, url: string): MailMessage {
  return {
    to,
    subject: `${orgTitle}: confirm your e-mail address`,
    ...layout(
      'Confirm your e-mail address',
      [
        `Welcome to ${orgTitle}. Confirm your e-mail address to activate your account.`,
        'The link works once and for 24 hours.',
      ],
      { label: 'Confirm e-mail address', url },
    ),
  };
}

export function resetMail(to: string, orgTitle: string, url: string, code: string): MailMessage {
  return {
    to,
    subject: `${orgTitle}: reset your password`,
    ...layout(
      'Reset your password',
      [
        'Someone asked to reset the password of your account. If it was not you, ignore this message.',
        `Your one-time code is ${code} (valid for 10 minutes). Or use the link below (valid for 30 minutes).`,
      ],
      { label: 'Choose a new password', url },
    ),
  };
}

export function welcomeMail(
  to: string,
  orgTitle: string,
  username: string,
  url: string,
): MailMessage {
  return {
    to,
    subject: `${orgTitle}: your account is ready`,
    ...layout(
      `Welcome to ${orgTitle}`,
      [
        `An account has been created for you. Your user name is ${username}.`,
        'Choose your password with the link below. It works once and for 7 days.',
      ],
      { label: 'Choose my password', url },
    ),
  };
}

/** Sign-up with an address that already has an account: its owner hears of it, nobody else. */
export function signUpAddressTakenMail(
  to: string,
  orgTitle: string,
  username: string,
  resetPageUrl: string,
): MailMessage {
  return {
    to,
    subject: `${orgTitle}: someone tried to sign up with your address`,
    ...layout(
      'You already have an account',
      [
        `Someone asked to create an account at ${orgTitle} with this e-mail address, which already belongs to the account ${username}. No new account was created.`,
        'If it was you and you have forgotten your password, you can reset it. If it was not you, ignore this message.',
      ],
      { label: 'Reset my password', url: resetPageUrl },
    ),
  };
}

/**
 * Sign-up with a free address but a taken user name: the address's owner
 * learns to pick another. No link: the recipient is nobody's member yet.
 */
export function signUpNameTakenMail(to: string, orgTitle: string, username: string): MailMessage {
  return {
    to,
    subject: `${orgTitle}: your account was not created`,
    ...layout('Choose another user name', [
      `Someone asked to create an account at ${orgTitle} for this e-mail address with the user name ${username}, which is already taken. No account was created.`,
      'If it was you, sign up again with another user name. If it was not you, ignore this message.',
    ]),
  };
}
