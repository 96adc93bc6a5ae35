import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceAccount } from 'firebase-admin/app';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import type { Database } from '../db/database.ts';
import { pushTokens } from '../db/account-tables.ts';

/** A push notification as the client reads it (docs/PRODUCT.md, 'Push notifications'). */
export interface PushMessage {
  title: string;
  icon: string;
  body: string;
  click_action: string;
}

/**
 * The provider boundary: the one call of firebase-admin's Messaging we use. Tests stand in
 * for the provider here, since it cannot be reached from the test machine.
 */
export interface PushTransport {
  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse>;
  close?(): Promise<void>;
}

// The provider's verdicts that mean a token will never work again.
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);
// A multicast carries at most 500 tokens.
const MULTICAST_LIMIT = 500;

/**
 * firebase-admin from FIREBASE_SERVICE_ACCOUNT (the service account JSON, or a path to it);
 * null when it is not set, which turns push off.
 */
export async function createFirebaseTransport(
  serviceAccount: string | null,
): Promise<PushTransport | null> {
  if (!serviceAccount) return null;
  // Loaded only when configured: firebase-admin takes seconds to import, a cost the default
  // set-up (push off) should not pay at every start.
  const { cert, deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const json = serviceAccount.trim().startsWith('{')
    ? serviceAccount
    : readFileSync(serviceAccount, 'utf8');
  const firebaseApp = initializeApp(
    { credential: cert(JSON.parse(json) as ServiceAccount) },
    `jotto-${process.pid}-${Date.now()}`,
  );
  const messaging = getMessaging(firebaseApp);
  return {
    sendEachForMulticast: (message) => messaging.sendEachForMulticast(message),
    close: () => deleteApp(firebaseApp),
  };
}

/** Sends push notifications to every device of a user and forgets tokens the provider rejects. */
export class PushSender {
  constructor(
    private readonly db: Database,
    private readonly transport: PushTransport | null,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!transport) log.info('push notifications off: FIREBASE_SERVICE_ACCOUNT is not set');
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(userId: number, message: PushMessage): Promise<void> {
    if (!this.transport) return;
    const rows = await this.db
      .select({ token: pushTokens.token })
      .from(pushTokens)
      .where(eq(pushTokens.userId, userId));
    const tokens = rows.map((row) => row.token);
    for (let start = 0; start < tokens.length; start += MULTICAST_LIMIT) {
      const batch = tokens.slice(start, start + MULTICAST_LIMIT);
      const result = await this.transport.sendEachForMulticast({
        tokens: batch,
        data: { ...message },
        webpush: {
          notification: { title: message.title, body: message.body, icon: message.icon },
          fcmOptions: { link: message.click_action },
        },
      });
      const dead = batch.filter((_, i) => {
        const code = result.responses[i]?.error?.code;
        return code !== undefined && DEAD_TOKEN_CODES.has(code);
      });
      if (dead.length > 0) {
        await this.db.delete(pushTokens).where(inArray(pushTokens.token, dead));
        this.log.info({ count: dead.length }, 'removed push tokens the provider rejected');
      }
    }
  }

  async close(): Promise<void> {
    await this.transport?.close?.();
  }
}
