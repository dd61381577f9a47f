import type { DocumentKind } from '../../domain/invoice';

/** Where an event's quote and invoice live (matched by `eventDocumentRoute` of shell/fallbackRoutes.ts, rendered by NotFoundPage.tsx). */
export const documentPath = (id: number, kind: DocumentKind): string => `/events/${id}/${kind}`;
