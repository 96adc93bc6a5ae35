import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { gameQuery } from '@/features/game/api/game-api.ts';
import { GameScreen } from '@/features/game/components/game-screen.tsx';
import type { GameDetail } from '@/features/game/game-state.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { archiveKeys, pastDailyQuery } from '../api/daily-api.ts';
import { longDate } from '../archive-month.ts';
import { dailyEndOf } from '../daily-view.ts';
import styles from './daily-page.module.css';
import resultStyles from './daily-result.module.css';

/**
 * `/daily/:day` (docs/PRODUCT.md, 'Archive'): my game of a past day, made on the first visit,
 * played on the game screen under 'Daily Jotto #N · archive'. A day that cannot be played (today,
 * a future day, a day before the first daily) is said in an alert, back on the archive.
 */
export function ArchiveGamePage() {
  const { day = '' } = useParams();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const past = useQuery(pastDailyQuery(day));
  const failed = past.isError && !past.data;
  useEffect(() => {
    if (!failed) return;
    showAlert(errorMessage(past.error));
    navigate(clientPath('/daily/archive'), { replace: true });
  }, [failed, past.error, navigate, showAlert]);
  if (!past.data) return <PageLoading text="Opening that day's word..." />;
  return <ArchiveGame key={past.data.gameId} past={past.data} />;
}

function ArchiveGame({ past }: { past: EndpointResponse<'dailyDay'> }) {
  // Reads the board the game screen keeps current; the screen alone fetches it.
  const { data: game } = useQuery({ ...gameQuery(past.gameId), enabled: false });
  const queryClient = useQueryClient();
  const finished = game?.finished === true;
  // The calendar's pages held in memory say this day is not played yet: asked again.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: archiveKeys.pages });
  }, [finished, queryClient]);
  const title = `Daily Jotto #${past.number}${past.archive ? ' · archive' : ''}`;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>
          {longDate(past.day)} · <Link to={clientPath('/daily/archive')}>Back to the archive</Link>
        </p>
      </header>
      {game?.finished && <ArchiveResult past={past} game={game} />}
      <GameScreen
        gameId={past.gameId}
        endSummary={game?.finished && <ArchiveResult past={past} game={game} inOverlay />}
      />
    </div>
  );
}

/**
 * The end of a past day's game: how it ended, and that an archive game counts for no streak and
 * earns no points (no streak to show, no share: the day is over).
 */
export function ArchiveResult({
  past,
  game,
  inOverlay = false,
}: {
  past: EndpointResponse<'dailyDay'>;
  game: GameDetail;
  inOverlay?: boolean;
}) {
  const titleId = useId();
  const end = dailyEndOf(game);
  const headline = end === 'solved' ? `solved in ${game.guesses.length}` : end;
  const Heading = inOverlay ? 'h3' : 'h2';
  return (
    <section className={resultStyles.result} aria-labelledby={titleId}>
      <Heading id={titleId} className={resultStyles.title}>
        Daily Jotto #{past.number}: {headline}
      </Heading>
      <p className={resultStyles.points}>
        {past.archive
          ? 'From the archive: it earns no points and does not count for your streak.'
          : `Played on ${longDate(past.day)}, its own day.`}
      </p>
    </section>
  );
}
