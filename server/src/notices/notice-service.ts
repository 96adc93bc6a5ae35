import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHALLENGE_TTL_MS } from '@jotto/shared/challenge-schemas';
import { NOTICE_ANSWER_WINDOW_MS, NOTICES_LIMIT } from '@jotto/shared/notice-rules';
import type { NewsRef, Notice, NoticeKind } from '@jotto/shared/notice-schemas';
import { type Database, rowsOf } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { games } from '../db/game-tables.ts';
import { challenges, friendRequests } from '../db/social-tables.ts';
import type { Notifier } from '../realtime/notifier.ts';

/** One row of the notices statement, in the database's column names. */
interface NoticeRow {
  kind: NoticeKind;
  id: number;
  name: string | null;
  game_id: number | null;
  flag: boolean;
  /** When it was sent (a pending item) or answered (an answer): when time takes it out. */
  at: Date | string;
}

/** Clocks of nodes and database may differ this much: a copy expires this much early. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * What waits for a player (docs/PRODUCT.md, 'Notices'), for the shell's notices while the
 * real-time channel is down, and at every (re)connect: one statement instead of the four lists.
 *
 * Its answer changes only when ChallengeService, FriendService or markSeen commits a change
 * that also sends this player an event (`challenge:received`, `:accepted`, `:denied`, `:answered`,
 * `friend:request`, `:accepted`, `:answered`), or when time takes an item out (a challenge
 * expiring, an answer leaving the window). A per-player version bumped with those events can
 * therefore stand for the answer (a 304 for an unchanged one): a copy kept past an expiry only
 * holds items the client has already been shown. Marking news seen sends `notices:seen`, and the
 * end of a game (which takes its accepted challenge out) is announced with the game's own topics
 * (games/game-announcer.ts).
 */
export class NoticeService {
  constructor(
    private readonly db: Database,
    private readonly notifier: Notifier,
  ) {}

  /** `GET /user/notices`: newest first, at most NOTICES_LIMIT. */
  async pendingFor(userId: number, now = new Date()): Promise<Notice[]> {
    return (await this.pendingUntil(userId, now)).notices;
  }

  /**
   * The notices, and when time first takes one of them out (a pending challenge expires, an
   * answer leaves the window), if ever: until then, and until a challenge or friend event goes
   * to this player, the answer stays the same (see the class), so a copy may be kept.
   */
  async pendingUntil(
    userId: number,
    now = new Date(),
  ): Promise<{ notices: Notice[]; changesAt: Date | null }> {
    const answeredSince = new Date(now.getTime() - NOTICE_ANSWER_WINDOW_MS).toISOString();
    const nowText = now.toISOString();
    // Each branch reads one index range (recipient and status, or sender and answer time) and
    // brings at most the limit; the union is sorted once.
    const rows = rowsOf<NoticeRow>(
      await this.db.execute(sql`
        (SELECT 'challenge-received' AS kind, c.id, u.username AS name, NULL::int AS game_id,
                c.rematch AS flag, c.created_at AS at
           FROM ${challenges} c JOIN ${users} u ON u.id = c.sender_id
          WHERE c.recipient_id = ${userId} AND c.status = 'pending'
            AND c.expires_at > ${nowText}::timestamptz
          ORDER BY c.created_at DESC LIMIT ${NOTICES_LIMIT})
        UNION ALL
        (SELECT CASE c.status WHEN 'accepted' THEN 'challenge-accepted' ELSE 'challenge-denied' END,
                c.id, u.username, c.game_id, false, c.responded_at
           FROM ${challenges} c JOIN ${users} u ON u.id = c.recipient_id
           LEFT JOIN ${games} g ON g.id = c.game_id
          WHERE c.sender_id = ${userId} AND c.responded_at > ${answeredSince}::timestamptz
            AND c.sender_seen_at IS NULL AND c.status IN ('accepted', 'denied')
            AND g.settled_at IS NULL
          ORDER BY c.responded_at DESC LIMIT ${NOTICES_LIMIT})
        UNION ALL
        (SELECT 'friend-request', r.id, u.username, NULL::int, false, r.created_at
           FROM ${friendRequests} r JOIN ${users} u ON u.id = r.sender_id
          WHERE r.recipient_id = ${userId} AND r.status = 'pending'
          ORDER BY r.created_at DESC LIMIT ${NOTICES_LIMIT})
        UNION ALL
        (SELECT 'friend-accepted', r.id, u.username, NULL::int, false, r.responded_at
           FROM ${friendRequests} r JOIN ${users} u ON u.id = r.recipient_id
          WHERE r.sender_id = ${userId} AND r.responded_at > ${answeredSince}::timestamptz
            AND r.sender_seen_at IS NULL AND r.status = 'accepted'
          ORDER BY r.responded_at DESC LIMIT ${NOTICES_LIMIT})
        ORDER BY at DESC, id DESC
        LIMIT ${NOTICES_LIMIT}
      `),
    );
    const leaving = rows.map((row) => {
      const at = new Date(row.at).getTime();
      const lasts = row.kind === 'challenge-received' ? CHALLENGE_TTL_MS : NOTICE_ANSWER_WINDOW_MS;
      // Friend requests do not expire; the rest go at their expiry or out of the window.
      return row.kind === 'friend-request' ? Infinity : at + lasts - CLOCK_MARGIN_MS;
    });
    const first = Math.min(...leaving);
    return {
      notices: rows.flatMap((row) => {
        const notice = noticeOf(row);
        return notice ? [notice] : [];
      }),
      changesAt: Number.isFinite(first) ? new Date(first) : null,
    };
  }

  /**
   * `POST /user/notices/seen`: the player saw these answers to their own challenges and friend
   * requests (shown, dismissed or opened), so none is a notice again, in any tab or on any
   * device. Only the sender's own answered rows change; anything else in the list (another
   * player's row, a pending one, one already seen) is left as it is, without a word, as the
   * client cannot act on the difference. Their other tabs hear `notices:seen` after the commit.
   */
  async markSeen(userId: number, refs: readonly NewsRef[], now = new Date()): Promise<void> {
    const challengeIds = refs
      .filter((ref) => ref.kind === 'challenge-accepted' || ref.kind === 'challenge-denied')
      .map((ref) => ref.id);
    const friendIds = refs.filter((ref) => ref.kind === 'friend-accepted').map((ref) => ref.id);
    const seen: NewsRef[] = [];
    if (challengeIds.length > 0) {
      const rows = await this.db
        .update(challenges)
        .set({ senderSeenAt: now })
        .where(
          and(
            eq(challenges.senderId, userId),
            inArray(challenges.id, challengeIds),
            inArray(challenges.status, ['accepted', 'denied']),
            isNull(challenges.senderSeenAt),
          ),
        )
        .returning({ id: challenges.id, status: challenges.status });
      for (const row of rows) {
        seen.push({
          kind: row.status === 'accepted' ? 'challenge-accepted' : 'challenge-denied',
          id: row.id,
        });
      }
    }
    if (friendIds.length > 0) {
      const rows = await this.db
        .update(friendRequests)
        .set({ senderSeenAt: now })
        .where(
          and(
            eq(friendRequests.senderId, userId),
            inArray(friendRequests.id, friendIds),
            eq(friendRequests.status, 'accepted'),
            isNull(friendRequests.senderSeenAt),
          ),
        )
        .returning({ id: friendRequests.id });
      for (const row of rows) seen.push({ kind: 'friend-accepted', id: row.id });
    }
    if (seen.length > 0) this.notifier.notify(userId, 'notices:seen', { notices: seen });
  }
}

function noticeOf({ kind, id, name, game_id: gameId, flag }: NoticeRow): Notice | null {
  // Only accounts with a username send and answer, so a null name is a row to skip, not show.
  if (name === null) return null;
  switch (kind) {
    case 'challenge-received':
      return { kind, challengeId: id, sender: name, rematch: flag };
    case 'challenge-accepted':
      // An accepted challenge whose game was deleted has nothing to open.
      return gameId === null ? null : { kind, challengeId: id, gameId, name };
    case 'challenge-denied':
      return { kind, challengeId: id, name };
    case 'friend-request':
    case 'friend-accepted':
      return { kind, id, name };
  }
}
