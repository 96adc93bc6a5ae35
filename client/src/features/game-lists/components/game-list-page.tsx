import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GAME_MESSAGES } from '@jotto/shared/game-rules';
import { GameListTabs } from '@/components/game-list-tabs.tsx';
import { useAlert } from '@/components/alert-provider.tsx';
import { PlayNow } from '@/features/play-now/components/play-now.tsx';
import { SignInLinks } from '@/components/sign-in-links.tsx';
import { useSession } from '@/lib/session.ts';
import { gamesListQuery } from '../api/game-lists-api.ts';
import { type GameListMode, GameTable } from './game-table.tsx';
import listPage from '@/components/list-page.module.css';

/** What a guest sees instead of saved games (the server says the same on POST /games). */
export const GUEST_GAMES = GAME_MESSAGES.guestsCannotSave;
export const GUEST_CHALLENGE = 'You must be logged in to issue a challenge';
export const NO_GAMES = 'No games :(';

/**
 * A game list (docs/PRODUCT.md, 'Game lists'): the tabs, the list's action ('Start New Game' for
 * solo, 'New Challenge' for versus), the games going on or, after 'View old games', the settled
 * ones. Guests have no saved games and are told so. A failed load is only logged.
 */
export function GameListPage({ mode }: { mode: GameListMode }) {
  const { username, loading: sessionLoading } = useSession();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const [old, setOld] = useState(false);
  const guest = !sessionLoading && !username;
  const list = useQuery({
    ...gamesListQuery({ type: mode === 'solo' ? 'solo' : 'multi', age: old ? 'old' : 'new' }),
    enabled: !sessionLoading && !guest,
  });
  useEffect(() => {
    if (list.isError) console.error('game list failed to load', list.error);
  }, [list.isError, list.error]);

  const action =
    mode === 'solo' ? (
      <button type="button" className="button button-primary" onClick={() => navigate('/game')}>
        Start New Game
      </button>
    ) : (
      <div className="button-row">
        <PlayNow guest={guest} />
        <button
          type="button"
          className="button"
          onClick={() => (guest ? showAlert(GUEST_CHALLENGE) : navigate('/challenges/new'))}
        >
          New Challenge
        </button>
      </div>
    );

  return (
    <section aria-labelledby="list-title">
      <GameListTabs />
      <div className={listPage.bar}>
        <h1 id="list-title" className={listPage.title}>
          {mode === 'solo' ? 'Solo' : 'Versus'} games{old ? ': old' : ''}
        </h1>
        {action}
      </div>
      {guest ? (
        <div className={listPage.empty}>
          <p className={listPage.sentence}>{GUEST_GAMES}</p>
          <SignInLinks />
        </div>
      ) : sessionLoading || list.isPending ? (
        <p className={listPage.empty} role="status">
          Loading...
        </p>
      ) : list.data && list.data.games.length > 0 ? (
        <GameTable games={list.data.games} mode={mode} old={old} />
      ) : list.data ? (
        <p className={listPage.empty}>{NO_GAMES}</p>
      ) : null}
      {!guest && (
        <button
          type="button"
          className={`link-button ${listPage.toggle}`}
          onClick={() => setOld(!old)}
        >
          {old ? 'View current games' : 'View old games'}
        </button>
      )}
    </section>
  );
}
