/**
 * E-mail changes, as GoTrue does them: PUT /user {email} only records the new address (`new_email`,
 * `email_change_sent_at` in the user JSON) and mails confirmation links, to the new address and, with
 * secure e-mail change (the default, GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED), to the current one.
 * The account moves when every link was followed: GET /verify?type=email_change&token=… (or
 * POST /verify {type: 'email_change', token_hash}). Until then nothing changes and sign-in uses the old address.
 *
 * Whether the new address is taken is never said in the answer (it is the same either way); the owner of
 * that address gets an e-mail saying an account already uses it, instead of a link. The look-up and the
 * mail happen after the response left (afterResponse), so its timing tells nothing either.
 */
import { randomBytes } from 'node:crypto';
import type { UserRow } from './db.ts';
import type { Mailer } from './mailer.ts';
import type { AuthService } from './service.ts';

export const SINGLE_CONFIRMATION_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function validityText(ttlSeconds: number): string {
  const minutes = Math.round(ttlSeconds / 60);
  return minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${ttlSeconds} seconds`;
}

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('\n');

export interface EmailChangeRequest {
  user: UserRow;
  newEmail: string;
  /** Public origin for the links, and where they lead afterwards. */
  origin: string;
  redirectTo: string;
  secure: boolean;
  ttlSeconds: number;
}

/** Records the change and returns the mails to send (after the response). */
export function startEmailChange(service: AuthService, mailer: Mailer, request: EmailChangeRequest) {
  const { user, newEmail, origin, redirectTo, secure, ttlSeconds } = request;
  const newToken = randomBytes(32).toString('base64url');
  const currentToken = secure ? randomBytes(32).toString('base64url') : null;
  const updated = service.requestEmailChange(user, newEmail, newToken, currentToken);
  const linkFor = (token: string) =>
    `${origin}/auth/v1/verify?token=${encodeURIComponent(token)}&type=email_change&redirect_to=${encodeURIComponent(redirectTo)}`;
  const validity = validityText(ttlSeconds);

  const send = async () => {
    const sends: Promise<void>[] = [];
    if (service.findUserByEmail(newEmail)) {
      const lines = [
        `Someone asked to move a Cater Captain account to this address (${newEmail}), but an account already uses it, so nothing changes.`,
        'If that was you, sign in to that account, or use another address.',
      ];
      sends.push(
        mailer.send({
          to: newEmail,
          subject: 'Your address already has a Cater Captain account',
          text: lines.join('\n\n'),
          html: paragraphs(lines.map(escapeHtml)),
        }),
      );
    } else {
      const link = linkFor(newToken);
      const text = [
        `Someone asked to change the e-mail address of the Cater Captain account ${user.email} to this address (${newEmail}).`,
        '',
        `To confirm, open this link (valid for ${validity}, once):`,
        link,
        '',
        ...(secure ? [`The change also needs the link sent to ${user.email}.`] : []),
        'If you did not ask for this, ignore this e-mail: nothing changes.',
      ].join('\n');
      const html = paragraphs([
        `Someone asked to change the e-mail address of the Cater Captain account ${escapeHtml(user.email)} to this address (${escapeHtml(newEmail)}).`,
        `<a href="${escapeHtml(link)}">Confirm the new address</a> (valid for ${validity}, once).`,
        'If you did not ask for this, ignore this e-mail: nothing changes.',
      ]);
      sends.push(mailer.send({ to: newEmail, subject: 'Confirm your new Cater Captain e-mail address', text, html }));
    }
    if (currentToken) {
      const link = linkFor(currentToken);
      const text = [
        `Someone asked to change the e-mail address of your Cater Captain account from ${user.email} to ${newEmail}.`,
        '',
        `To confirm, open this link (valid for ${validity}, once):`,
        link,
        '',
        'If you did not ask for this, do not open the link (nothing changes without it) and change your password.',
      ].join('\n');
      const html = paragraphs([
        `Someone asked to change the e-mail address of your Cater Captain account from ${escapeHtml(user.email)} to ${escapeHtml(newEmail)}.`,
        `<a href="${escapeHtml(link)}">Confirm the change</a> (valid for ${validity}, once).`,
        'If you did not ask for this, do not open the link (nothing changes without it) and change your password.',
      ]);
      sends.push(
        mailer.send({ to: user.email, subject: 'Confirm the change of your Cater Captain e-mail address', text, html }),
      );
    }
    await Promise.all(sends);
  };
  return { user: updated, send };
}
