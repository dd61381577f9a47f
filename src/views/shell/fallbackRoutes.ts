/**
 * Pages with a parameter that the fallback page renders (NotFoundPage.tsx; their code ships in
 * another page's chunk, so the landing bundle does not grow): the printable sheet of one event,
 * /events/:id/sheet (eventSheet/path.ts builds it), and its quote and invoice, /events/:id/quote and
 * /events/:id/invoice (invoice/path.ts). The server answers them with the app shell and
 * status 200, not 404. Kept out of routes.ts so that the landing page's bundle does not carry them: only
 * the fallback page (a lazy chunk) and the server need them.
 */
export const eventSheetRoute = /^\/events\/(?<id>[^/]+)\/sheet\/?$/i;
/** An event's printable quote or invoice (issue 22, part 4), protected like the sheet: /events/:id/quote, /events/:id/invoice. */
export const eventDocumentRoute = /^\/events\/(?<id>[^/]+)\/(?<kind>quote|invoice)\/?$/i;
/** One customer's page, /customers/:id (issue 22 part 6; customers/path.ts builds it), in the Customers page's chunk. */
export const customerRoute = /^\/customers\/(?<id>[^/]+)\/?$/i;
export const fallbackRoutes: readonly RegExp[] = [eventSheetRoute, eventDocumentRoute, customerRoute];
