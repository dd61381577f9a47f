/** Where a customer's page lives (`/customers/:id` of shell/fallbackRoutes.ts). */
export const customerPath = (id: string): string => `/customers/${encodeURIComponent(id)}`;
