import { lazy, Suspense } from 'react';
import type { GameAnalysisProps } from './game-analysis.tsx';

// The analysis is its own chunk (3.1 KB of JavaScript and 0.8 KB of CSS, gzipped), fetched
// once a game has ended, so a game in play barely pays for it. Measured on the production
// build: the landing's JavaScript is unchanged (but for 4 bytes of the entry's chunk map) and
// a game in play loads 0.4 KB more, where a static import would add 2.6 KB.
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
