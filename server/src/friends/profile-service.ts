import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { usernameKey } from '@jotto/shared/account-rules';
import { winRatio } from '@jotto/shared/game-rules';
import {
  PROFILE_ERRORS,
  type Profile,
  SEARCH_RESULT_LIMIT,
  type SearchUser,
} from '@jotto/shared/social-schemas';
import type { Database } from '../db/database.ts';
import { users } from '../db/account-tables.ts';
import { userBlocks } from '../db/moderation-tables.ts';
import { notFound } from '../errors.ts';
import { profileRatingOf, ratingColumns } from '../ratings/rating-model.ts';
import type { FriendService } from './friend-service.ts';

/**
 * Profiles and user search (docs/PRODUCT.md, 'Profiles', 'Stats' and 'Search'): stats with
 * winRatio = wins ÷ losses, and the rating ('Ratings'); the friends list only for the owner and
 * their friends; search is a case-insensitive prefix match, at most 20, never the caller, empty
 * query → no one.
 */
export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly friends: FriendService,
    /**
     * The game the owner plays now that the viewer may watch (docs/PRODUCT.md, 'Watching'),
     * or null: watching/watch-service.ts.
     */
    private readonly liveGameOf: (
      viewerId: number,
      ownerId: number,
    ) => Promise<number | null> = async () => null,
  ) {}

  /**
   * `GET /profile/:username`, for a signed-in viewer or a guest (null). This is the one place
   * that decides who sees a user's friends: the user and their friends, nobody else.
   */
  async profile(viewerId: number | null, username: string): Promise<Profile> {
    const [user] = await this.db
      .select({
        id: users.id,
        username: users.username,
        admin: users.admin,
        points: users.points,
        gameCt: users.gameCt,
        winCt: users.winCt,
        ...ratingColumns,
      })
      .from(users)
      .where(sql`lower(${users.username}) = ${usernameKey(username)}`)
      .limit(1);
    if (!user?.username) throw notFound(PROFILE_ERRORS.notFound);
    const isOwner = viewerId === user.id;
    const other = viewerId !== null && !isOwner ? viewerId : null;
    const [isFriend, blocked] =
      other === null
        ? [false, false]
        : await Promise.all([
            this.friends.areFriends(other, user.id),
            this.viewerBlocked(other, user.id),
          ]);
    const profile: Profile = {
      username: user.username,
      displayName: user.username,
      admin: user.admin,
      points: user.points,
      gameCt: user.gameCt,
      winCt: user.winCt,
      winRatio: winRatio(user.winCt, user.gameCt),
      isFriend,
      rating: profileRatingOf(user, new Date()),
    };
    if (blocked) profile.blocked = true;
    if (isOwner || isFriend) {
      profile.friends = (await this.friends.listFriends(user.id)).map((friend) => friend.name);
    }
    if (viewerId !== null && !isOwner) {
      const liveGameId = await this.liveGameOf(viewerId, user.id);
      if (liveGameId !== null) profile.liveGameId = liveGameId;
    }
    return profile;
  }

  /** Whether the viewer blocked the profile's owner (docs/PRODUCT.md, 'Blocks'). */
  private async viewerBlocked(viewerId: number, ownerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, ownerId)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * `POST /user/search`: users whose name starts with the query, without regard to case, by
   * name; never the caller, never an account without a username yet. The query is literal:
   * LIKE's wildcards in it match only themselves.
   */
  async search(callerId: number, query: string): Promise<SearchUser[]> {
    const prefix = query.trim();
    if (prefix === '') return [];
    const pattern = `${escapeLike(usernameKey(prefix))}%`;
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        and(
          isNotNull(users.username),
          ne(users.id, callerId),
          sql`lower(${users.username}) LIKE ${pattern} ESCAPE ${LIKE_ESCAPE}`,
        ),
      )
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .limit(SEARCH_RESULT_LIMIT);
    return rows.map((row) => ({ id: row.id, username: row.username ?? '' }));
  }
}

const LIKE_ESCAPE = '\\';

/** Makes `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
}
