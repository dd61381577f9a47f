/**
 * The Business Settings form (issue 22, part 1), walked: typing keeps a draft, a refused logo keeps the
 * one chosen, Save with errors shows them and saves nothing, a good Save writes the profile and drops
 * the draft, Discard draft goes back to the saved profile, another tab's save replaces only an untouched form.
 */
import { expect, vi } from 'vitest';
import {
  emptyProfile,
  LOGO_TOO_LARGE,
  MAX_LOGO_BYTES,
  profileToDraft,
  validateProfile,
  type BusinessProfile,
} from '../../src/domain/businessProfile';
import {
  isSettingsDirty,
  settingsMachine,
  type SettingsContext,
  type SettingsEvent,
} from '../../src/machines/settings/settings.machine';
import { createWorld, describeModel, type Expectation } from '../support/model';

vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);

const world = createWorld();
const machine = settingsMachine.provide({
  actions: {
    persistDraft: ({ context }) => world.record('persistDraft', context.draft),
    discardDraft: () => world.record('discardDraft'),
    notifySaved: () => world.record('notifySaved'),
  },
});

const saved: BusinessProfile = {
  ...emptyProfile(),
  businessName: 'Harbour Catering',
  taxName: 'HST',
  updatedAt: 1_700_000_000_000,
};
const elsewhere: BusinessProfile = { ...saved, businessName: 'Dockside Events', updatedAt: 5 };
const logo = 'data:image/png;base64,iVBORw0KGgo=';

type Expect = Expectation<typeof machine>;
type Ctx = SettingsContext;
const output = (e: SettingsEvent) => (e as unknown as { output: BusinessProfile }).output;

describeModel('settings', {
  machine,
  world,
  inputs: [
    { stored: null, savedDraft: null },
    { stored: saved, savedDraft: null },
    { stored: null, savedDraft: { businessName: 'Typed before reload', depositPercent: '25' } },
  ],
  limit: 5000,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft,
      Object.keys(s.context.errors).sort(),
      s.context.stored?.businessName ?? null,
      s.context.draftRestored,
      s.context.saveError !== null,
      s.context.savedAt !== null,
    ]),
  events: {
    'field.change': [
      { type: 'field.change', field: 'businessName', value: 'Harbour Catering' },
      { type: 'field.change', field: 'depositPercent', value: '150' },
    ],
    'logo.choose': [
      { type: 'logo.choose', dataUrl: logo, mime: 'image/png', bytes: 8 },
      { type: 'logo.choose', dataUrl: '', mime: 'image/png', bytes: MAX_LOGO_BYTES + 1 },
    ],
    'logo.remove': [{ type: 'logo.remove' }],
    'form.submit': [{ type: 'form.submit' }],
    'draft.discard': [{ type: 'draft.discard' }],
    'storage.change': [{ type: 'storage.change', profile: elsewhere }],
  },
  actorEvents: [
    { type: 'xstate.done.actor.saveProfile', output: saved },
    { type: 'xstate.error.actor.saveProfile', error: new Error('The settings were not saved: the storage is full.') },
  ],
  transitions: {
    'editing|field.change|0': {
      context: (b, e) => {
        const { field, value } = e as Extract<SettingsEvent, { type: 'field.change' }>;
        const { [field]: _gone, ...errors } = b.errors;
        return { ...b, draft: { ...b.draft, [field]: value }, errors, saveError: null };
      },
      effects: ({ after }) => [['persistDraft', after.draft]],
    },
    'editing|logo.choose|0': {
      context: (b, e) => {
        const { logo: _gone, ...errors } = b.errors;
        return { ...b, draft: { ...b.draft, logo: (e as { dataUrl: string }).dataUrl }, errors };
      },
      effects: ({ after }) => [['persistDraft', after.draft]],
    },
    // A refused logo: the message, and the logo already chosen stays.
    'editing|logo.choose|1': {
      context: (b) => ({ ...b, errors: { ...b.errors, logo: LOGO_TOO_LARGE } }),
    },
    'editing|logo.remove|0': {
      context: (b) => {
        const { logo: _gone, ...errors } = b.errors;
        return { ...b, draft: { ...b.draft, logo: '' }, errors };
      },
      effects: ({ after }) => [['persistDraft', after.draft]],
    },
    'editing|form.submit|0': {
      target: 'saving',
      check: ({ before }) => expect(validateProfile(before.draft)).toEqual({}),
      started: ({ before }) => [
        {
          id: 'saveProfile',
          input: {
            profile: {
              ...before.draft,
              businessName: before.draft.businessName.trim(),
              depositPercent: Number(before.draft.depositPercent),
              balanceDays: Number(before.draft.balanceDays),
              updatedAt: 1_700_000_000_000,
            },
          },
        },
      ],
    },
    'editing|form.submit|1': {
      context: (b) => ({ ...b, errors: validateProfile(b.draft) }),
      check: ({ after }) => expect(Object.keys(after.errors).length).toBeGreaterThan(0),
    },
    'editing|draft.discard|0': {
      context: (b) => ({
        ...b,
        draft: profileToDraft(b.stored ?? emptyProfile()),
        errors: {},
        draftRestored: false,
        saveError: null,
      }),
      effects: [['discardDraft']],
    },
    'editing|storage.change|0': {
      check: ({ before }) => expect(isSettingsDirty(before)).toBe(false),
      context: (b, e) => ({
        ...b,
        stored: (e as { profile: BusinessProfile }).profile,
        draft: profileToDraft((e as { profile: BusinessProfile }).profile),
        errors: {},
      }),
    },
    // Typing in progress is never overwritten by another tab's save.
    'editing|storage.change|1': {
      check: ({ before }) => expect(isSettingsDirty(before)).toBe(true),
      context: (b: Ctx, e) => ({ ...b, stored: (e as { profile: BusinessProfile }).profile }),
    },
    'saving|xstate.done.actor.saveProfile|0': {
      target: 'editing',
      context: (b, e) => ({
        ...b,
        stored: output(e),
        draft: profileToDraft(output(e)),
        errors: {},
        draftRestored: false,
        saveError: null,
        savedAt: output(e).updatedAt,
      }),
      effects: [['discardDraft'], ['notifySaved']],
    },
    // A failed write keeps every typed value and says why.
    'saving|xstate.error.actor.saveProfile|0': {
      target: 'editing',
      context: (b) => ({ ...b, saveError: 'The settings were not saved: the storage is full.' }),
    },
  } satisfies Record<string, Expect>,
  states: {
    editing: (s) => expect(s.hasTag('saving')).toBe(false),
    saving: (s) => {
      expect(s.hasTag('saving')).toBe(true);
      expect(validateProfile(s.context.draft)).toEqual({});
    },
  },
});
