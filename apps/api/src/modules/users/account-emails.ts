// The e-mails about the account itself. Plain text, each saying what happened, what to do and what
// to do if it was not you; the links carry one-time tokens and are never logged. The HTML part
// (modules/notifications) adds a heading and the link as a button.
import type { OutgoingEmail } from '../notifications/index.ts';

export function verifyEmailMessage(to: string, url: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your e-mail address for Assay',
    layout: { heading: 'Confirm your e-mail address', button: { label: 'Confirm my e-mail address', href: url } },
    text:
      `Hello,\n\nPlease confirm that this is your e-mail address by opening this link within 24 hours:\n\n${url}\n\n` +
      `It signs you in to Assay. If you did not create an Assay account, ignore this e-mail and no account ` +
      `will be usable with this address.\n\n— Assay`,
  };
}

export function existingAccountSignUpMessage(to: string, publicUrl: string): OutgoingEmail {
  const base = publicUrl.replace(/\/$/, '');
  return {
    to,
    subject: 'Someone tried to create an Assay account with your address',
    layout: { heading: 'You already have an Assay account', button: { label: 'Sign in', href: `${base}/login` } },
    text:
      `Hello,\n\nSomeone tried to create a new Assay account with this e-mail address, which already has one.\n\n` +
      `If it was you, sign in at ${base}/login, or choose a new password at ${base}/forgot-password.\n` +
      `If it was not you, you can ignore this e-mail: nothing has changed on your account.\n\n— Assay`,
  };
}

export function resetPasswordMessage(to: string, url: string): OutgoingEmail {
  return {
    to,
    subject: 'Reset your Assay password',
    layout: { heading: 'Reset your password', button: { label: 'Choose a new password', href: url } },
    text:
      `Hello,\n\nSomeone (hopefully you) asked to reset the password of your Assay account.\n` +
      `Open this link within one hour to choose a new password:\n\n${url}\n\n` +
      `If you did not ask for this, you can ignore this e-mail; your password stays as it is.\n\n— Assay`,
  };
}
