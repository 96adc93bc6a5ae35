import { useEffect, useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { useAlert } from '@/components/alert-provider.tsx';
import { GameListTabs } from '@/components/game-list-tabs.tsx';
import { SignInLinks } from '@/components/sign-in-links.tsx';
import { useSession } from '@/lib/session.ts';
import { asksForSentChallenges } from '../api/challenges-api.ts';
import { useChallengeFeed } from '../hooks/use-challenge-feed.ts';
import { ChallengeTable } from './challenge-table.tsx';
import { IncomingChallengeDialog } from './incoming-challenge-dialog.tsx';
import { IssueChallengeDialog } from './issue-challenge-dialog.tsx';
import listPage from '@/components/list-page.module.css';

export const GUEST_RECEIVE = 'You must be logged in to receive challenges';
export const GUEST_ISSUE = 'You must be logged in to issue a challenge';
export const NO_CHALLENGES = 'No challenges :(';

/**
 * The Challenges tab of the game lists (docs/PRODUCT.md, 'Challenge list'), at /challenges and at
 * /challenges/new, which is the same list with the Issue Challenge modal open: whether that modal
 * is open is the address, so Back closes it. Received challenges open the Incoming Challenge modal
 * (the state: the challenge's id, or false); 'View sent challenges' switches to mine. Both lists
 * stay current without a reload (useChallengeFeed). Guests have none. Leaving the modal replaces
 * /challenges/new in the history, so Back does not reopen it.
 */
export function ChallengesPage() {
  const { username, loading } = useSession();
  const guest = !loading && !username;
  const navigate = useNavigate();
  const location = useLocation();
  const showAlert = useAlert();
  const issuing = useMatch(clientPath('/challenges/new')) !== null;
  const [showSent, setShowSent] = useState(() => asksForSentChallenges(location.state));
  const [viewing, setViewing] = useState<number | false>(false);
  const { received, sent } = useChallengeFeed(!loading && !guest);
  const list = showSent ? sent : received;

  useEffect(() => {
    if (list.isError) console.error('challenge list failed to load', list.error);
  }, [list.isError, list.error]);
  useEffect(() => {
    // A guest who opens /challenges/new directly hears what the button would have said.
    if (!guest || !issuing) return;
    showAlert(GUEST_ISSUE);
    navigate(clientPath('/challenges'), { replace: true });
  }, [guest, issuing, showAlert, navigate]);

  // The challenge in the modal, while it is still in the list (answered elsewhere, it goes).
  const viewed =
    viewing === false
      ? undefined
      : received.data?.challenges.find((challenge) => challenge.id === viewing);

  return (
    <section aria-labelledby="challenges-title">
      <GameListTabs />
      <div className={listPage.bar}>
        <h1 id="challenges-title" className={listPage.title}>
          {showSent ? 'Sent challenges' : 'Challenges'}
        </h1>
        <button
          type="button"
          className="button button-primary"
          onClick={() => (guest ? showAlert(GUEST_ISSUE) : navigate(clientPath('/challenges/new')))}
        >
          New Challenge
        </button>
      </div>
      {guest ? (
        <div className={listPage.empty}>
          <p className={listPage.sentence}>{GUEST_RECEIVE}</p>
          <SignInLinks />
        </div>
      ) : loading || list.isPending ? (
        <p className={listPage.empty} role="status">
          Loading...
        </p>
      ) : list.data && list.data.challenges.length > 0 ? (
        <ChallengeTable
          challenges={list.data.challenges}
          direction={showSent ? 'out' : 'in'}
          onOpen={setViewing}
        />
      ) : list.data ? (
        <p className={listPage.empty}>{NO_CHALLENGES}</p>
      ) : null}
      {!guest && (
        <button
          type="button"
          className={`link-button ${listPage.toggle}`}
          onClick={() => setShowSent(!showSent)}
        >
          {showSent ? 'View received challenges' : 'View sent challenges'}
        </button>
      )}
      <IncomingChallengeDialog challenge={viewed} onClose={() => setViewing(false)} />
      <IssueChallengeDialog
        open={issuing && !guest}
        onClose={() => navigate(clientPath('/challenges'), { replace: true })}
        onSent={() => {
          setShowSent(true);
          navigate(clientPath('/challenges'), { replace: true });
        }}
      />
    </section>
  );
}
