import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EndpointResponse } from '@jotto/shared/api-endpoints';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { gameQuery } from '@/features/game/api/game-api.ts';
import { GameScreen } from '@/features/game/components/game-screen.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { dailyKeys, todaysDailyQuery } from '../api/daily-api.ts';
import { DailyReminderControl } from './daily-reminder-control.tsx';
import { DailyBoard } from './daily-board.tsx';
import { DailyResult } from './daily-result.tsx';
import { DailyTabs } from './daily-tabs.tsx';
import styles from './daily-page.module.css';

/**
 * `/daily` (docs/PRODUCT.md, 'Daily Jotto'): today's game, the same word for everyone. The
 * server makes the player's game of the day on the first visit (a guest gets a guest session,
 * as for /game) and gives the same one after; it is played on the game screen, and once it has
 * ended the day's result, the share text, the countdown and the stats come above the board, and
 * all but the stats first in the results overlay, where the share is what the end is for.
 * Under the game, the day's board: everyone's solvers, and signed in, the friends'.
 */
export function DailyPage() {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const today = useQuery(todaysDailyQuery);
  const failed = today.isError && !today.data;
  useEffect(() => {
    if (!failed) return;
    showAlert(errorMessage(today.error));
    navigate(clientPath('/home'), { replace: true });
  }, [failed, today.error, navigate, showAlert]);
  if (!today.data) return <PageLoading text="Opening today's word..." />;
  return <DailyGame key={today.data.gameId} daily={today.data} />;
}

function DailyGame({ daily }: { daily: EndpointResponse<'daily'> }) {
  const queryClient = useQueryClient();
  const { username } = useSession();
  // Reads the board the game screen keeps current; the screen alone fetches it.
  const { data: game } = useQuery({ ...gameQuery(daily.gameId), enabled: false });
  const date = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${daily.day}T12:00:00.000Z`));
  const signedIn = username !== '';
  const onNextWord = () => void queryClient.invalidateQueries({ queryKey: dailyKeys.today });
  const finished = game?.finished === true;
  // The player's own solve goes on the day's boards at once: ask them again when it ends.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: dailyKeys.board('everyone') });
  }, [finished, queryClient]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Daily Jotto #{daily.number}</h1>
        <p className={styles.subtitle}>{date} · one word for everyone today</p>
      </header>
      <DailyTabs />
      {game?.finished && (
        <DailyResult daily={daily} game={game} signedIn={signedIn} onNextWord={onNextWord} />
      )}
      {/* Under the result once the day is played (the streak in view); below the board before,
          so that it never pushes the game down. */}
      {signedIn && game?.finished && <DailyReminderControl />}
      <GameScreen
        gameId={daily.gameId}
        endSummary={
          game?.finished && (
            <DailyResult
              daily={daily}
              game={game}
              signedIn={signedIn}
              onNextWord={onNextWord}
              inOverlay
            />
          )
        }
      />
      {signedIn && !game?.finished && <DailyReminderControl />}
      <DailyBoard signedIn={signedIn} />
    </div>
  );
}
