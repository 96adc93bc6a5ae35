import { REPORTS_PER_DAY } from '@jotto/shared/moderation-schemas';

/** The sentences of blocks and reports (docs/PRODUCT.md, 'Blocks', 'Reports'). */
export const MODERATION_ERRORS = {
  unknownUser: 'No player has that username',
  blockYourself: 'You cannot block yourself',
  reportYourself: 'You cannot report yourself',
  gameNotShared: 'That game is not between you two',
  alreadyReported: 'You already reported this player',
  tooManyReports: `You can send ${REPORTS_PER_DAY} reports a day`,
} as const;
