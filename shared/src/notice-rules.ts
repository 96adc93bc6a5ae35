// The notices' numbers, apart from their schemas: the shell's notices (on every page) need them
// without TypeBox in the page's bundle.

/**
 * How long an answer to one of my sent challenges or friend requests stays a notice until I see
 * it (docs/PRODUCT.md, 'Notices'): a day, so that news finds me on the device I open next. Once
 * seen anywhere it is never a notice again, so a new tab does not bring up old news.
 */
export const NOTICE_ANSWER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** At most this many notices in one answer, newest first (the stack shows three at a time). */
export const NOTICES_LIMIT = 20;
