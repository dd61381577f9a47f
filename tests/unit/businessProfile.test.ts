import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  asProfileDraft,
  checkLogo,
  dataUrlBytes,
  draftToProfile,
  emptyProfile,
  LOGO_NOT_IMAGE,
  LOGO_TOO_LARGE,
  MAX_LOGO_BYTES,
  normalizeProfile,
  profileToDraft,
  senderName,
  validateProfile,
  type BusinessProfile,
} from '../../src/domain/businessProfile';
import { connectSettings } from '../../src/machines/settings/settings.connect';
import { settingsMachine } from '../../src/machines/settings/settings.machine';
import { isAccountDataKey, isAppKey, ownedKeyOf } from '../../src/storage/owned';

const good = { ...profileToDraft(emptyProfile()), businessName: 'Harbour Catering' };

describe('business profile (issue 22, part 1)', () => {
  it('starts empty with a 50% deposit and the balance 7 days before', () => {
    expect(profileToDraft(emptyProfile())).toMatchObject({ businessName: '', depositPercent: '50', balanceDays: '7' });
  });

  it('requires a business name and checks e-mail, phone, deposit and days with words next to each field', () => {
    expect(validateProfile(good)).toEqual({});
    const errors = validateProfile({
      ...good,
      businessName: '   ',
      email: 'hello at harbour',
      phone: 'call me',
      depositPercent: '101',
      balanceDays: '2.5',
    });
    expect(errors).toEqual({
      businessName: 'Business name is required.',
      email: 'Enter an e-mail address like name@example.com.',
      phone: 'Use digits; spaces, +, - and parentheses are allowed.',
      depositPercent: 'Deposit (%) is too large: enter a number from 0 to 100.',
      balanceDays: 'Balance due (days before the event) must be a whole number from 0 to 365.',
    });
    expect(validateProfile({ ...good, depositPercent: '' }).depositPercent).toMatch(/Deposit \(%\) is required/);
    expect(validateProfile({ ...good, depositPercent: '-5' }).depositPercent).toBeTruthy();
  });

  it('caps the logo at 100 KB and accepts only images', () => {
    expect(checkLogo({ type: 'image/png', bytes: MAX_LOGO_BYTES })).toBeNull();
    expect(checkLogo({ type: 'image/png', bytes: MAX_LOGO_BYTES + 1 })).toBe(LOGO_TOO_LARGE);
    expect(checkLogo({ type: 'application/pdf', bytes: 10 })).toBe(LOGO_NOT_IMAGE);
    // 4 base64 characters are 3 bytes, less the padding.
    expect(dataUrlBytes('data:image/png;base64,QUJD')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,QUI=')).toBe(2);
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil(((MAX_LOGO_BYTES + 3) * 4) / 3))}`;
    expect(validateProfile({ ...good, logo: big }).logo).toBe(LOGO_TOO_LARGE);
    expect(validateProfile({ ...good, logo: 'javascript:alert(1)' }).logo).toBe(LOGO_NOT_IMAGE);
  });

  it('saves trimmed text and numbers, and reads back what it saved', () => {
    const profile = draftToProfile(
      { ...good, businessName: ' Harbour ', depositPercent: ' 25 ', balanceDays: '14' },
      9,
    );
    expect(profile).toMatchObject({ businessName: 'Harbour', depositPercent: 25, balanceDays: 14, updatedAt: 9 });
    expect(normalizeProfile(JSON.parse(JSON.stringify(profile)))).toEqual(profile);
    // Missing fields take their defaults; numbers typed as text are read; not a profile: null.
    expect(normalizeProfile({ businessName: 'X', depositPercent: '30', extra: 1 })).toEqual({
      ...emptyProfile(),
      businessName: 'X',
      depositPercent: 30,
    });
    expect(normalizeProfile({ name: 'X' })).toBeNull();
    expect(normalizeProfile([])).toBeNull();
  });

  it('a draft read back fills only the fields it has, as text', () => {
    expect(asProfileDraft({ businessName: 'Typed', depositPercent: 25 }, good)).toEqual({
      ...good,
      businessName: 'Typed',
      depositPercent: '25',
    });
  });

  it('names the sender: the business name when saved, else Cater Captain', () => {
    expect(senderName(null)).toBe('Cater Captain');
    expect(senderName({ businessName: '  ' })).toBe('Cater Captain');
    expect(senderName({ businessName: ' Harbour ' })).toBe('Harbour');
  });

  it('is the account’s data: in backups (an app key) and moved with the account', () => {
    expect(ownedKeyOf('businessProfile')).toEqual({ kind: 'base', key: 'businessProfile' });
    expect(isAppKey('businessProfile')).toBe(true);
    expect(isAccountDataKey('businessProfile')).toBe(true);
    expect(isAccountDataKey('draft:settings')).toBe(true);
    expect(isAppKey('draft:settings')).toBe(false);
    expect(isAppKey('account:u1:businessProfile')).toBe(false);
  });
});

describe('settings connect api', () => {
  const start = (stored: BusinessProfile | null, savedDraft: Record<string, string> | null = null) => {
    const machine = settingsMachine.provide({
      actions: { persistDraft: () => {}, discardDraft: () => {}, notifySaved: () => {} },
      actors: { saveProfile: fromPromise(async ({ input }) => (input as { profile: BusinessProfile }).profile) },
    });
    return createActor(machine, { input: { stored, savedDraft } }).start();
  };

  it('says dirty while typing, restored for a draft, and Saved. after a save', async () => {
    const actor = start(null);
    const api = () => connectSettings(actor.getSnapshot(), actor.send);
    expect(api()).toMatchObject({ dirty: false, draftRestored: false, justSaved: false, saving: false });
    api().change('businessName', 'Harbour Catering');
    expect(api().dirty).toBe(true);
    api().save();
    expect(api().saving).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(api()).toMatchObject({ saving: false, dirty: false, justSaved: true });
    expect(actor.getSnapshot().context.stored?.businessName).toBe('Harbour Catering');

    const restored = start(null, { businessName: 'Half typed' });
    expect(connectSettings(restored.getSnapshot(), restored.send)).toMatchObject({ draftRestored: true, dirty: true });
    connectSettings(restored.getSnapshot(), restored.send).discardDraft();
    expect(connectSettings(restored.getSnapshot(), restored.send)).toMatchObject({
      draftRestored: false,
      dirty: false,
    });
    expect(restored.getSnapshot().context.draft.businessName).toBe('');
  });

  it('Save with a missing name shows the message and saves nothing', () => {
    const actor = start(null);
    connectSettings(actor.getSnapshot(), actor.send).save();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(connectSettings(actor.getSnapshot(), actor.send).errors.businessName).toBe('Business name is required.');
  });
});
