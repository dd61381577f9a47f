/**
 * Where an event's printable sheet lives: /events/:id/sheet. The route is matched by the app's
 * fallback page (NotFoundPage), a lazy chunk, so adding it costs the landing page nothing.
 */
export const eventSheetRoute = /^\/events\/(?<id>[^/]+)\/sheet\/?$/i;

export const eventSheetPath = (id: number): string => `/events/${id}/sheet`;
