import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { Profile } from '@jotto/shared/social-schemas';
import { Avatar } from '@/components/avatar.tsx';
import { BusyButton } from '@/components/busy-button.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { ProfileLinkList } from '@/components/profile-link-list.tsx';
import { useRealtimeEvent } from '@/lib/realtime/realtime-provider.tsx';
import { useSession } from '@/lib/session.ts';
import { profileKeys, profileQuery } from '../api/profiles-api.ts';
import { useProfileActions } from '../hooks/use-profile-actions.ts';
import { ProfileModeration } from './profile-moderation.tsx';
import { ProfileRating } from './profile-rating.tsx';
import styles from './profile-page.module.css';

/**
 * What the Stats box's 'Score' (the spec's label) counts, shown under it: the player's points, the
 * final scores of the games they won (docs/PRODUCT.md, 'Points and leaderboards'). Without it,
 * 'Score 0' beside a game that scored 60 (and was lost) reads as a mistake.
 */
export const SCORE_HINT = 'points from games won';
/** The same, whole, as the figure's tooltip. */
export const SCORE_TITLE =
  'Points: the final scores of the games won, added up. A game lost, or against the computer, adds nothing.';

/**
 * A profile (docs/PRODUCT.md, 'Profile screen'): /profile/{username}, or /profile for my own. A
 * guest has no profile of their own, so /profile takes them home; anyone may look at anyone else's.
 */
export function ProfilePage() {
  const { username: param } = useParams();
  const { username: me, loading } = useSession();
  if (param === undefined) {
    if (loading) return <PageLoading />;
    if (!me) return <Navigate to={clientPath('/home')} replace />;
  }
  const username = param ?? me;
  // One screen per profile: another name starts from its own loading state.
  return <ProfileScreen key={username.toLowerCase()} username={username} me={me} />;
}

function ProfileScreen({ username, me }: { username: string; me: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(profileQuery(username));
  useEffect(() => {
    // A profile that cannot be loaded is logged, and the player goes home.
    if (!query.isError) return;
    console.error('profile failed to load', query.error);
    navigate(clientPath('/home'), { replace: true });
  }, [query.isError, query.error, navigate]);
  // Someone accepted my friend request: if it is this player, 'Add friend' becomes
  // 'Send Challenge' and their friends show, without a reload.
  useRealtimeEvent('friend:accepted', () => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  });
  if (!query.data) return <PageLoading />;
  const profile = query.data.data;
  const own = me !== '' && profile.username.toLowerCase() === me.toLowerCase();
  return <ProfileView profile={profile} own={own} />;
}

/**
 * The username; 'Add friend' or, for a friend, 'Send Challenge' (neither on my own profile);
 * the Stats box (its Score, the spec's word, says under it what it counts); the Rating box with
 * its history; and the Friends box, which the server sends only to the player and their friends,
 * shown only when it has names.
 */
function ProfileView({ profile, own }: { profile: Profile; own: boolean }) {
  const actions = useProfileActions(profile.username);
  const friends = profile.friends ?? [];
  const stats: Array<[label: string, value: number, hint?: { text: string; title: string }]> = [
    ['Score', profile.points, { text: SCORE_HINT, title: SCORE_TITLE }],
    ['Games Played', profile.gameCt],
    ['Games Won', profile.winCt],
    ['Win/Loss Ratio', profile.winRatio],
  ];
  return (
    <article className={styles.profile} aria-labelledby="profile-title">
      <header className={styles.header}>
        <Avatar name={profile.displayName} size="large" />
        {/* One line; a font wider than any known would cut it: the whole name is the tooltip. */}
        <h1 id="profile-title" className={styles.name} title={profile.displayName}>
          {profile.displayName}
        </h1>
        {!own &&
          (profile.isFriend ? (
            <BusyButton
              className="button button-primary"
              busy={actions.challenging}
              onClick={actions.sendChallenge}
            >
              {actions.challenging ? 'Sending...' : 'Send Challenge'}
            </BusyButton>
          ) : (
            <BusyButton
              className="button button-primary"
              busy={actions.adding}
              onClick={actions.addFriend}
            >
              Add friend
            </BusyButton>
          ))}
        {/* While its owner plays a game I may watch (docs/PRODUCT.md, 'Watching'). */}
        {!own && profile.liveGameId !== undefined && (
          <Link
            to={clientPath('/watch/:gameId', { gameId: profile.liveGameId })}
            className="button"
            aria-label={`Watch ${profile.displayName}'s game`}
          >
            Watch
          </Link>
        )}
      </header>
      {!own && (
        <ProfileModeration
          username={profile.username}
          displayName={profile.displayName}
          blocked={profile.blocked === true}
        />
      )}
      <section className={styles.box} aria-labelledby="stats-title">
        <h2 id="stats-title" className={styles.boxTitle}>
          Stats
        </h2>
        <dl className={styles.stats}>
          {stats.map(([label, value, hint]) => (
            <div key={label} className={styles.stat} title={hint?.title}>
              <dt className={styles.statLabel}>{label}</dt>
              <dd className={`numeric ${styles.statValue}`}>{value}</dd>
              {hint && <dd className={styles.statHint}>{hint.text}</dd>}
            </div>
          ))}
        </dl>
      </section>
      <ProfileRating username={profile.username} rating={profile.rating} />
      {friends.length > 0 && (
        <section className={styles.box} aria-labelledby="profile-friends-title">
          <h2 id="profile-friends-title" className={styles.boxTitle}>
            Friends
          </h2>
          <ProfileLinkList
            label={`Friends of ${profile.displayName}`}
            names={friends.map((name) => ({ key: name, name }))}
          />
        </section>
      )}
    </article>
  );
}
