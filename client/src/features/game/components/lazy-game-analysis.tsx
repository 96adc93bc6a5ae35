import { lazy, Suspense } from 'react';
import type { GameAnalysisProps } from './game-analysis.tsx';

// The analysis is its own chunk, fetched once a game has ended: a game in play, the one
// screen where every kilobyte delays the first guess, never loads it.
const GameAnalysis = lazy(async () => ({
  default: (await import('./game-analysis.tsx')).GameAnalysis,
}));

/** The post-game analysis, loaded on first use. */
export function LazyGameAnalysis(props: GameAnalysisProps) {
  return (
    <Suspense fallback={<p>Analysing your guesses...</p>}>
      <GameAnalysis {...props} />
    </Suspense>
  );
}
