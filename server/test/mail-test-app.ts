import { startLocalSmtpServer } from '@jotto/test-support/local-smtp-server';
import { startTestApp, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-environment.ts';

/** The local SMTP server of `@jotto/test-support`: its `inbox` keeps every message received. */
export type LocalSmtpServer = Awaited<ReturnType<typeof startLocalSmtpServer>>;

/** The app of `startTestApp`, sending its mail to a local SMTP server of its own. */
export interface MailTestApp extends TestApp {
  smtp: LocalSmtpServer;
}

/**
 * Starts a real SMTP server on loopback (`startLocalSmtpServer`, which keeps what it receives)
 * and the app on a fresh database of `kind`, with SMTP_URL pointing at it and PUBLIC_URL
 * `http://play.jotto.test`, the host by which the tests find the links in the mails. `env` is
 * laid over both, as in `startTestApp`. `close()` closes the app (dropping its database), then the SMTP server; if the
 * app fails to start, the SMTP server is closed before the error is thrown.
 */
export async function startMailTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<MailTestApp> {
  const smtp = await startLocalSmtpServer();
  let app: TestApp;
  try {
    app = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://play.jotto.test',
      ...env,
    });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  return {
    ...app,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
    },
  };
}
