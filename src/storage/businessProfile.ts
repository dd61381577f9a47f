/** The business profile (issue 22, part 1): one whole value under `businessProfile`, null until saved. */
import { normalizeProfile, type BusinessProfile } from '../domain/businessProfile';
import { defineKey, type Schema } from './store';

const profileSchema: Schema<BusinessProfile | null> = {
  safeParse(value) {
    if (value === null) return { success: true, data: null };
    const profile = normalizeProfile(value);
    return profile
      ? { success: true, data: profile }
      : { success: false, error: { issues: [{ path: ['businessName'], message: 'must be text' }] } };
  },
};

export const businessProfileStore = defineKey<BusinessProfile | null>('businessProfile', profileSchema, () => null);
