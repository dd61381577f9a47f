/**
 * The one auth wording the landing page needs (the machine and the shell say it when a session ends).
 * Apart from authErrors.ts, whose 429 and network wordings only the lazily loaded supabase-js side uses,
 * so the landing page's first load does not carry them.
 */
export const sessionEndedText = 'Your session ended, please log in again';
