import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { usernameKey, usernameProblem, usernameSkeleton } from '@jotto/shared/account-rules';
import type { Database, Transaction } from '../db/database.ts';
import { pushTokens, sessions, users } from '../db/account-tables.ts';
import { userReports } from '../db/moderation-tables.ts';
import { challenges, friendRequests } from '../db/social-tables.ts';

/** What an admin does about a report (docs/PRODUCT.md, 'Reports'). */
export const REPORT_ACTIONS = ['none', 'rename', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export function isReportAction(value: string): value is ReportAction {
  return (REPORT_ACTIONS as readonly string[]).includes(value);
}

/** A report closed, and what changed for the reported account. */
export interface ResolvedReport {
  reportId: number;
  reportedId: number;
  /** The reported account's name before (and, renamed, after) the action. */
  username: string | null;
  renamedTo?: string;
  /** Keyed hashes of the sessions a ban ended (their sockets must close on every node). */
  endedSessions: string[];
  /**
   * What a ban withdrew: the banned account's pending challenges and friend requests, sent and
   * received, with the other player of each (their notices must go: see `withdrawPending`).
   */
  withdrawn: Withdrawn;
}

export interface Withdrawn {
  /** `recipientId` null for an open challenge, which no one else has a notice of. */
  challenges: { id: number; otherId: number | null; toOther: boolean }[];
  requests: { id: number; otherId: number; toOther: boolean }[];
}

export type ResolveOutcome =
  | { kind: 'resolved'; report: ResolvedReport }
  | { kind: 'unknown' }
  | { kind: 'already resolved'; action: ReportAction | null };

/**
 * Closes an open report with an admin's action, in one transaction (the report's row locked, so
 * two admins resolving it at once close it once):
 * - `none`: nothing more;
 * - `rename`: the reported account takes the neutral name `player{id}` (its own id; with a
 *   suffix in the rare case another account holds that name or one that looks the same);
 * - `ban`: `users.banned_at` is set, the account's sessions and push tokens are deleted, its
 *   pending challenges and friend requests withdrawn (`withdrawPending`). Its
 *   sign-ins are refused from then on (accounts/account-service.ts), and a session that would
 *   remain speaks for nobody (sessions/session-store.ts). The caller closes the sockets of the
 *   sessions ended, on every node, after commit.
 */
export async function resolveReport(
  db: Database,
  reportId: number,
  action: ReportAction,
  now = new Date(),
): Promise<ResolveOutcome> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        reportedId: userReports.reportedId,
        resolvedAt: userReports.resolvedAt,
        action: userReports.action,
      })
      .from(userReports)
      .where(eq(userReports.id, reportId))
      .for('update');
    if (!report) return { kind: 'unknown' as const };
    if (report.resolvedAt !== null) {
      return { kind: 'already resolved' as const, action: report.action };
    }
    const [account] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, report.reportedId))
      .for('update');
    const resolved: ResolvedReport = {
      reportId,
      reportedId: report.reportedId,
      username: account?.username ?? null,
      endedSessions: [],
      withdrawn: { challenges: [], requests: [] },
    };
    if (action === 'rename') {
      resolved.renamedTo = await rename(tx, report.reportedId, account?.username ?? null);
    }
    if (action === 'ban') {
      await tx
        .update(users)
        .set({ bannedAt: now })
        .where(and(eq(users.id, report.reportedId), isNull(users.bannedAt)));
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, report.reportedId))
        .returning({ sessionHash: sessions.idHash });
      resolved.endedSessions = ended.map((session) => session.sessionHash);
      // No notification reaches a banned account's devices either.
      await tx.delete(pushTokens).where(eq(pushTokens.userId, report.reportedId));
      resolved.withdrawn = await withdrawPending(tx, report.reportedId, now);
    }
    await tx
      .update(userReports)
      .set({ resolvedAt: now, action })
      .where(eq(userReports.id, reportId));
    return { kind: 'resolved' as const, report: resolved };
  });
}

/**
 * Ends a banned account's pending challenges and friend requests, both ways: nobody can accept
 * a game against an account that cannot sign in, and nobody waits for its answer. Each ends as
 * denied but already seen by its sender, so no 'declined' notice says an answer nobody gave.
 */
async function withdrawPending(tx: Transaction, userId: number, now: Date): Promise<Withdrawn> {
  const ended = await tx
    .update(challenges)
    .set({ status: 'denied', respondedAt: now, senderSeenAt: now })
    .where(
      and(
        eq(challenges.status, 'pending'),
        or(eq(challenges.senderId, userId), eq(challenges.recipientId, userId)),
      ),
    )
    .returning({
      id: challenges.id,
      senderId: challenges.senderId,
      recipientId: challenges.recipientId,
    });
  const closed = await tx
    .update(friendRequests)
    .set({ status: 'denied', respondedAt: now })
    .where(
      and(
        eq(friendRequests.status, 'pending'),
        or(eq(friendRequests.senderId, userId), eq(friendRequests.recipientId, userId)),
      ),
    )
    .returning({
      id: friendRequests.id,
      senderId: friendRequests.senderId,
      recipientId: friendRequests.recipientId,
    });
  return {
    challenges: ended.map((row) =>
      row.senderId === userId
        ? { id: row.id, otherId: row.recipientId, toOther: true }
        : { id: row.id, otherId: row.senderId, toOther: false },
    ),
    requests: closed.map((row) =>
      row.senderId === userId
        ? { id: row.id, otherId: row.recipientId, toOther: true }
        : { id: row.id, otherId: row.senderId, toOther: false },
    ),
  };
}

/**
 * Gives an account the neutral name `player{id}`, kept as it is when it already has it. Taken
 * (someone registered it, or a name that looks the same: the skeleton), `player{id}_2` and so on.
 * The name follows the username rules (shared/src/account-rules.ts).
 */
async function rename(tx: Transaction, userId: number, current: string | null): Promise<string> {
  const base = `player${userId}`;
  if (current !== null && usernameKey(current) === usernameKey(base)) return current;
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const name = attempt === 1 ? base : `${base}_${attempt}`;
    const problem = usernameProblem(name);
    if (problem) throw new Error(`cannot rename account ${userId}: ${problem} (${name})`);
    const skeleton = usernameSkeleton(name);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        sql`(lower(${users.username}) = ${usernameKey(name)} OR ${users.usernameSkeleton} = ${skeleton}) AND ${users.id} <> ${userId}`,
      )
      .limit(1);
    if (taken) continue;
    await tx
      .update(users)
      .set({ username: name, usernameSkeleton: skeleton })
      .where(eq(users.id, userId));
    return name;
  }
  throw new Error(`cannot rename account ${userId}: every neutral name is taken`);
}
