/** Where an event's printable sheet lives (matched by `eventSheetRoute` of shell/fallbackRoutes.ts, rendered by NotFoundPage.tsx). */
export const eventSheetPath = (id: number): string => `/events/${id}/sheet`;
