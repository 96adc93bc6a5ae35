import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import type { PushTransport } from '../src/realtime/push-sender.ts';

/** The push provider's boundary: records what would be sent and answers like the provider. */
export class RecordingPushTransport implements PushTransport {
  readonly sent: MulticastMessage[] = [];
  readonly rejectTokens = new Set<string>();
  async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
    this.sent.push(message);
    const responses = message.tokens.map((token) =>
      this.rejectTokens.has(token)
        ? {
            success: false as const,
            error: {
              code: 'messaging/registration-token-not-registered',
              message: 'gone',
            } as never,
          }
        : { success: true as const, messageId: `m-${token}` },
    );
    const failureCount = responses.filter((r) => !r.success).length;
    return { responses, successCount: responses.length - failureCount, failureCount };
  }
}
