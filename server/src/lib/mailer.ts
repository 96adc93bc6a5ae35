import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/config.ts';

/** Sends the mail the product sends: today, the account verification link. */
export interface Mailer {
  sendVerification(to: string, username: string, link: string): Promise<void>;
  /** The password reset link (docs/PRODUCT.md, 'Password reset'). */
  sendPasswordReset(to: string, username: string, link: string): Promise<void>;
  close(): void;
}

/**
 * Mail through SMTP_URL with nodemailer; without it, the link is written to the log so a
 * developer can still verify accounts (docs/PRODUCT.md, 'Verification mail').
 */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  log: FastifyBaseLogger,
): Mailer {
  if (!config.smtpUrl) {
    return {
      async sendVerification(to, username, link) {
        // Everything in the sentence and the link last, with no fields after it: in pretty logs
        // (one line per event) a developer reads it and copies the link as it stands.
        log.info(
          `Verification link for ${username} <${to}> (SMTP_URL is not set: logged, not mailed): ${link}`,
        );
      },
      async sendPasswordReset(to, username, link) {
        // The link last, as the verification link: a developer copies it from the log line.
        log.info(
          `Password reset link for ${username} <${to}> (SMTP_URL is not set: logged, not mailed): ${link}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async sendVerification(to, username, link) {
      await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: 'Verify your Jotto account',
        text: `Hi ${username},\n\nConfirm your e-mail address by opening this link:\n${link}\n\nIf you did not sign up for Jotto, ignore this message.\n`,
        html: `<p>Hi ${escapeHtml(username)},</p><p>Confirm your e-mail address by opening this link:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not sign up for Jotto, ignore this message.</p>`,
      });
    },
    async sendPasswordReset(to, username, link) {
      await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: 'Reset your Jotto password',
        text: `Hi ${username},\n\nSomeone, we hope you, asked to reset the password of your Jotto account. Open this link within an hour to choose a new one:\n${link}\n\nIf you did not ask, ignore this message: your password stays as it is.\n`,
        html: `<p>Hi ${escapeHtml(username)},</p><p>Someone, we hope you, asked to reset the password of your Jotto account. Open this link within an hour to choose a new one:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not ask, ignore this message: your password stays as it is.</p>`,
      });
    },
    close() {
      transport.close();
    },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
