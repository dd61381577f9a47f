/** Where an event's printable sheet lives (matched by `eventSheetRoute` in NotFoundPage.tsx). */
export const eventSheetPath = (id: number): string => `/events/${id}/sheet`;
