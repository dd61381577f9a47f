/**
 * The business profile of issue 22, part 1: who the caterer is (name, address, contact, tax
 * registration), the logo, and the defaults the money side uses (deposit %, balance due N days before
 * the event, payment terms). Pure: the form's values as typed, their checks, and the stored record.
 * Storage is src/storage/businessProfile.ts; the form's flow src/machines/settings/settings.machine.ts.
 */
import { checkAmount, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';

/** The product's name: what order lists and e-mails say until a business name is saved. */
export const PRODUCT_NAME = 'Cater Captain';

/** The logo's ceiling in bytes (the image file as chosen): localStorage holds about 5 MB in all. */
export const MAX_LOGO_BYTES = 100 * 1024;
export const LOGO_TOO_LARGE = 'The logo is too large: choose an image of 100 KB or less.';
export const LOGO_NOT_IMAGE = 'The logo must be an image file (PNG, JPEG, GIF, WebP or SVG).';

/** Default deposit and balance rules (Tripleseat: 50% holds the date, the balance 7 days before). */
export const DEFAULT_DEPOSIT_PERCENT = 50;
export const DEFAULT_BALANCE_DAYS = 7;
/** The balance may be due up to a year before the event. */
export const MAX_BALANCE_DAYS = 365;

export interface BusinessProfile {
  businessName: string;
  address: string;
  phone: string;
  email: string;
  taxNumber: string;
  /** What the tax is called on quotes and invoices ('HST'). */
  taxName: string;
  /** The logo as a data: URL ('' for none). */
  logo: string;
  depositPercent: number;
  balanceDays: number;
  paymentTerms: string;
  updatedAt: number;
}

/** The form's values as typed (all text, as drafts keep them). */
export type ProfileDraft = Record<ProfileField, string>;
export const profileFields = [
  'businessName',
  'address',
  'phone',
  'email',
  'taxNumber',
  'taxName',
  'logo',
  'depositPercent',
  'balanceDays',
  'paymentTerms',
] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** Labels as the form shows them (issue 22's words where it gives them). */
export const profileLabels: Record<ProfileField, string> = {
  businessName: 'Business name',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  taxNumber: 'Tax registration number',
  taxName: 'Tax name',
  logo: 'Logo',
  depositPercent: 'Deposit (%)',
  balanceDays: 'Balance due (days before the event)',
  paymentTerms: 'Payment terms',
};

export const maxLengths: Partial<Record<ProfileField, number>> = {
  businessName: MAX_NAME_LENGTH,
  address: MAX_TEXT_LENGTH,
  phone: 40,
  email: MAX_NAME_LENGTH,
  taxNumber: 60,
  taxName: 40,
  paymentTerms: MAX_TEXT_LENGTH,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+]?[\d\s()-]*\d[\d\s()-]*$/;

/** The profile when none is saved: empty, with the default deposit and balance rules. */
export function emptyProfile(): BusinessProfile {
  return {
    businessName: '',
    address: '',
    phone: '',
    email: '',
    taxNumber: '',
    taxName: '',
    logo: '',
    depositPercent: DEFAULT_DEPOSIT_PERCENT,
    balanceDays: DEFAULT_BALANCE_DAYS,
    paymentTerms: '',
    updatedAt: 0,
  };
}

export function profileToDraft(profile: BusinessProfile): ProfileDraft {
  return {
    businessName: profile.businessName,
    address: profile.address,
    phone: profile.phone,
    email: profile.email,
    taxNumber: profile.taxNumber,
    taxName: profile.taxName,
    logo: profile.logo,
    depositPercent: String(profile.depositPercent),
    balanceDays: String(profile.balanceDays),
    paymentTerms: profile.paymentTerms,
  };
}

/** A draft read back from storage: missing fields from `base`, everything as text. */
export function asProfileDraft(values: Record<string, string | number>, base: ProfileDraft): ProfileDraft {
  const out = { ...base };
  for (const field of profileFields) if (values[field] !== undefined) out[field] = String(values[field]);
  return out;
}

/** A logo data URL's size in bytes (base64 payload), for the cap. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  if (comma < 0) return dataUrl.length;
  const payload = dataUrl.slice(comma + 1);
  if (!/;base64$/i.test(dataUrl.slice(0, comma))) return decodeURIComponent(payload).length;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** Why a chosen logo file is refused, or null when it is accepted. */
export function checkLogo(file: { type: string; bytes: number }): string | null {
  if (!/^image\/(png|jpeg|gif|webp|svg\+xml)$/i.test(file.type)) return LOGO_NOT_IMAGE;
  if (file.bytes > MAX_LOGO_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/** Every field's message (empty when the form can be saved). The business name is the one required field. */
export function validateProfile(d: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  if (d.businessName.trim() === '') errors.businessName = 'Business name is required.';
  if (d.email.trim() !== '' && !EMAIL.test(d.email.trim()))
    errors.email = 'Enter an e-mail address like name@example.com.';
  if (d.phone.trim() !== '' && !PHONE.test(d.phone.trim()))
    errors.phone = 'Use digits; spaces, +, - and parentheses are allowed.';
  const deposit = checkAmount(d.depositPercent, { label: profileLabels.depositPercent, max: 100 });
  if (!deposit.ok) errors.depositPercent = deposit.message;
  const days = checkAmount(d.balanceDays, {
    label: profileLabels.balanceDays,
    max: MAX_BALANCE_DAYS,
    integer: true,
  });
  if (!days.ok) errors.balanceDays = days.message;
  if (d.logo !== '' && !/^data:image\//i.test(d.logo)) errors.logo = LOGO_NOT_IMAGE;
  else if (d.logo !== '' && dataUrlBytes(d.logo) > MAX_LOGO_BYTES) errors.logo = LOGO_TOO_LARGE;
  for (const [field, max] of Object.entries(maxLengths) as Array<[ProfileField, number]>)
    if (!errors[field] && d[field].length > max)
      errors[field] = `${profileLabels[field]} can be at most ${max.toLocaleString('en-CA')} characters.`;
  return errors;
}

/** The record a valid draft saves (call only when `validateProfile` found nothing). */
export function draftToProfile(d: ProfileDraft, now: number): BusinessProfile {
  return {
    businessName: d.businessName.trim(),
    address: d.address.trim(),
    phone: d.phone.trim(),
    email: d.email.trim(),
    taxNumber: d.taxNumber.trim(),
    taxName: d.taxName.trim(),
    logo: d.logo,
    depositPercent: Number(d.depositPercent.trim()),
    balanceDays: Number(d.balanceDays.trim()),
    paymentTerms: d.paymentTerms.trim(),
    updatedAt: now,
  };
}

/** Who an order or a document is from: the saved business name, else the product's name. */
export function senderName(profile: Pick<BusinessProfile, 'businessName'> | null | undefined): string {
  const name = profile?.businessName.trim() ?? '';
  return name === '' ? PRODUCT_NAME : name;
}

/**
 * Normalises a stored value (what an earlier or later build wrote) into a profile, or null when it is
 * not one: missing fields take their defaults; unknown fields are ignored by readers.
 */
export function normalizeProfile(value: unknown): BusinessProfile | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const base = emptyProfile();
  const text = (key: keyof BusinessProfile) =>
    typeof v[key] === 'string' ? (v[key] as string) : (base[key] as string);
  const num = (key: 'depositPercent' | 'balanceDays' | 'updatedAt') => {
    const n = typeof v[key] === 'number' ? v[key] : typeof v[key] === 'string' ? Number(v[key]) : NaN;
    return Number.isFinite(n) ? (n as number) : base[key];
  };
  if (typeof v.businessName !== 'string') return null;
  return {
    businessName: text('businessName'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    taxNumber: text('taxNumber'),
    taxName: text('taxName'),
    logo: text('logo'),
    depositPercent: num('depositPercent'),
    balanceDays: num('balanceDays'),
    paymentTerms: text('paymentTerms'),
    updatedAt: num('updatedAt'),
  };
}
