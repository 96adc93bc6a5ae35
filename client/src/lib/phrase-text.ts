import type { QuickPhrase } from '@jotto/shared/phrase-schemas';

/**
 * How each quick phrase reads on screen (docs/PRODUCT.md, 'Quick phrases'): the server sends
 * only the phrase's name, so every screen that shows one words it from here.
 */
export const PHRASE_TEXT: Record<QuickPhrase, string> = {
  hello: 'Hello!',
  good_luck: 'Good luck!',
  have_fun: 'Have fun!',
  nice_guess: 'Nice guess!',
  oops: 'Oops!',
  well_played: 'Well played!',
  thanks: 'Thanks!',
  rematch: 'Rematch?',
};
