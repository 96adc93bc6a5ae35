import { beforeAll } from 'vitest';
import { newUsername, registerThroughForm } from './actions.ts';
import { type ChromiumSuite, type Player, useChromium } from './browser.ts';

/** Two people, each in a browser of their own, both registered through the forms. */
export interface TwoPlayers {
  chromium: ChromiumSuite;
  names: { alice: string; bob: string };
  readonly alice: Player;
  readonly bob: Player;
}

/**
 * For a describe block about two players: Chromium, then Alice (1280 px) and Bob (a 390 px
 * phone) registered through the forms before the block's tests.
 */
export function useTwoPlayers(prefix: string): TwoPlayers {
  const chromium = useChromium();
  const names = { alice: newUsername(`${prefix}a`), bob: newUsername(`${prefix}b`) };
  let alice: Player | undefined;
  let bob: Player | undefined;
  beforeAll(async () => {
    alice = await chromium.player();
    bob = await chromium.player({ width: 390, height: 844 });
    await registerThroughForm(alice.page, names.alice);
    await registerThroughForm(bob.page, names.bob);
  });
  const registered = (player: Player | undefined) => {
    if (!player) throw new Error('the players are registered in beforeAll');
    return player;
  };
  return {
    chromium,
    names,
    get alice() {
      return registered(alice);
    },
    get bob() {
      return registered(bob);
    },
  };
}
