import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

/** Sends the mail the product sends: today, the account verification link. */
export interface Mailer {
  sendVerification(to: string, username: string, link: string): Promise<void>;
  close(): void;
}

/**
 * Mail through SMTP_URL with nodemailer; without it, the link is written to the log so a
 * developer can still verify accounts (decisions §7).
 */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  log: FastifyBaseLogger,
): Mailer {
  if (!config.smtpUrl) {
    return {
      async sendVerification(to, username, link) {
        log.info(
          { to, username, link },
          'SMTP_URL is not set: verification link logged instead of mailed',
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
    close() {
      transport.close();
    },
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
