import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import { REPORTS_PER_DAY, type ReportBody } from '@jotto/shared/moderation-schemas';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database } from '../db/database.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { users } from '../db/account-tables.ts';
import { gamePlayers } from '../db/game-tables.ts';
import { userReports } from '../db/moderation-tables.ts';
import { ApiError, badRequest, conflict, notFound } from '../errors.ts';
import { MODERATION_ERRORS } from './moderation-errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const OPEN_PAIR_KEY = 'user_reports_open_pair_key';

/**
 * Reports (docs/PRODUCT.md, 'Reports'): a player reports another to the admins, at most one
 * open report per pair and `REPORTS_PER_DAY` in a rolling 24 hours. An account's reports are
 * filed one after the other under a lock of its own (`ADVISORY_LOCKS.reporter`), so two sent at
 * once cannot both be counted as the tenth; the unique partial index on open pairs has the
 * last word on a second report of the same player.
 */
export class ReportService {
  constructor(private readonly db: Database) {}

  /** `POST /user/report`: answers the new report's id. */
  async report(reporterId: number, body: ReportBody, now = new Date()): Promise<number> {
    const [reported] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(body.username.trim())}`)
      .limit(1);
    if (!reported?.username) throw notFound(MODERATION_ERRORS.unknownUser);
    if (reported.id === reporterId) throw badRequest(MODERATION_ERRORS.reportYourself);
    if (body.gameId !== undefined) {
      const [shared] = await this.db
        .select({ players: count() })
        .from(gamePlayers)
        .where(
          and(
            eq(gamePlayers.gameId, body.gameId),
            inArray(gamePlayers.userId, [reporterId, reported.id]),
          ),
        );
      if ((shared?.players ?? 0) < 2) throw badRequest(MODERATION_ERRORS.gameNotShared);
    }
    const note = body.note?.trim() ? body.note.trim() : null;
    try {
      return await this.db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.reporter}, ${reporterId})`,
        );
        const [open] = await tx
          .select({ id: userReports.id })
          .from(userReports)
          .where(
            and(
              eq(userReports.reporterId, reporterId),
              eq(userReports.reportedId, reported.id),
              isNull(userReports.resolvedAt),
            ),
          )
          .limit(1);
        if (open) throw conflict(MODERATION_ERRORS.alreadyReported);
        const [sent] = await tx
          .select({ reports: count() })
          .from(userReports)
          .where(
            and(
              eq(userReports.reporterId, reporterId),
              gt(userReports.createdAt, new Date(now.getTime() - DAY_MS)),
            ),
          );
        if ((sent?.reports ?? 0) >= REPORTS_PER_DAY) {
          throw new ApiError(429, MODERATION_ERRORS.tooManyReports);
        }
        const [created] = await tx
          .insert(userReports)
          .values({
            reporterId,
            reportedId: reported.id,
            reason: body.reason,
            gameId: body.gameId ?? null,
            note,
            createdAt: now,
          })
          .returning({ id: userReports.id });
        return created!.id;
      });
    } catch (error) {
      // Under the reporter's lock this is unreachable; the index is the last word all the same.
      if (violatedUniqueConstraint(error) === OPEN_PAIR_KEY) {
        throw conflict(MODERATION_ERRORS.alreadyReported);
      }
      throw error;
    }
  }
}
