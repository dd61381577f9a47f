/**
 * The Business Settings form (issue 22, part 1). `editing` is the form; every change is kept as the
 * form's draft (persistDraft) so a reload loses nothing; Save with no field in error goes to `saving`,
 * which writes the profile (the `saveProfile` actor) and returns to `editing` with the draft dropped,
 * or with the failure's message and the typing kept. A logo file is read outside (the app layer) and
 * arrives as a data URL with its type and size; one that is not an image or is over the cap is refused here.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  checkLogo,
  draftToProfile,
  emptyProfile,
  profileToDraft,
  validateProfile,
  asProfileDraft,
  type BusinessProfile,
  type ProfileDraft,
  type ProfileErrors,
  type ProfileField,
} from '../../domain/businessProfile';
import { sameValues } from '../../domain/drafts';
import type { SecretsOf } from '../../domain/inspection';

export interface SettingsInput {
  /** The saved profile, null when none is saved yet. */
  stored: BusinessProfile | null;
  /** The form's saved draft (issue 25 pattern), null when there is none. */
  savedDraft: Record<string, string | number> | null;
}

export interface SettingsContext {
  stored: BusinessProfile | null;
  draft: ProfileDraft;
  errors: ProfileErrors;
  /** The form's values came back from its saved draft. */
  draftRestored: boolean;
  /** Why the last Save failed (a full quota), else null. */
  saveError: string | null;
  /** When the profile was last saved from this form (for "Saved."), else null. */
  savedAt: number | null;
}

export type SettingsEvent =
  /** A text field typed into. */
  | { type: 'field.change'; field: Exclude<ProfileField, 'logo'>; value: string }
  /** A logo file chosen and read (app layer): its data URL, MIME type and size in bytes. */
  | { type: 'logo.choose'; dataUrl: string; mime: string; bytes: number }
  /** Remove logo. */
  | { type: 'logo.remove' }
  /** The Save button. */
  | { type: 'form.submit' }
  /** Discard draft (DraftNote). */
  | { type: 'draft.discard' }
  /** Another tab saved the profile. */
  | { type: 'storage.change'; profile: BusinessProfile | null };

export const settingsSecrets = {
  events: {
    'field.change': [],
    'logo.choose': [],
    'storage.change': [],
    'xstate.done.actor.saveProfile': [],
    'xstate.error.actor.saveProfile': [],
  },
} as const satisfies SecretsOf<SettingsEvent>;

const storedDraft = (stored: BusinessProfile | null): ProfileDraft => profileToDraft(stored ?? emptyProfile());

/** Typed and not saved: what leaving the page asks about. */
export const isSettingsDirty = (c: SettingsContext): boolean =>
  c.draftRestored || !sameValues(c.draft, storedDraft(c.stored));

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actions: {
    setField: assign({
      draft: ({ context, event }) =>
        event.type === 'field.change' ? { ...context.draft, [event.field]: event.value } : context.draft,
      errors: ({ context, event }) => {
        if (event.type !== 'field.change') return context.errors;
        const { [event.field]: _dropped, ...rest } = context.errors;
        return rest;
      },
      saveError: null,
    }),
    setLogo: assign({
      draft: ({ context, event }) =>
        event.type === 'logo.choose' ? { ...context.draft, logo: event.dataUrl } : context.draft,
      errors: ({ context }) => {
        const { logo: _dropped, ...rest } = context.errors;
        return rest;
      },
    }),
    setLogoError: assign({
      errors: ({ context, event }) =>
        event.type === 'logo.choose'
          ? { ...context.errors, logo: checkLogo({ type: event.mime, bytes: event.bytes }) ?? undefined }
          : context.errors,
    }),
    clearLogo: assign({
      draft: ({ context }) => ({ ...context.draft, logo: '' }),
      errors: ({ context }) => {
        const { logo: _dropped, ...rest } = context.errors;
        return rest;
      },
    }),
    showErrors: assign({ errors: ({ context }) => validateProfile(context.draft) }),
    setSaved: assign({
      stored: ({ event }) => (event as unknown as { output: BusinessProfile }).output,
      draft: ({ event }) => profileToDraft((event as unknown as { output: BusinessProfile }).output),
      errors: {},
      draftRestored: false,
      saveError: null,
      savedAt: ({ event }) => (event as unknown as { output: BusinessProfile }).output.updatedAt,
    }),
    setSaveError: assign({
      saveError: ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        return error instanceof Error ? error.message : 'The settings could not be saved.';
      },
    }),
    resetToStored: assign({
      draft: ({ context }) => storedDraft(context.stored),
      errors: {},
      draftRestored: false,
      saveError: null,
    }),
    setStored: assign({
      stored: ({ context, event }) => (event.type === 'storage.change' ? event.profile : context.stored),
    }),
    /** The other tab's values replace an untouched form's. */
    reloadFromStored: assign({
      stored: ({ context, event }) => (event.type === 'storage.change' ? event.profile : context.stored),
      draft: ({ context, event }) => storedDraft(event.type === 'storage.change' ? event.profile : context.stored),
      errors: {},
    }),
    /** Keeps the form's values as its draft (provided: src/storage drafts). */
    persistDraft: () => {
      throw new Error('settings: provide persistDraft');
    },
    /** Drops the form's saved draft (provided). */
    discardDraft: () => {
      throw new Error('settings: provide discardDraft');
    },
    /** Tells the caterer the settings are saved (provided: a toast). */
    notifySaved: () => {
      throw new Error('settings: provide notifySaved');
    },
  },
  guards: {
    isLogoAcceptable: ({ event }) =>
      event.type === 'logo.choose' && checkLogo({ type: event.mime, bytes: event.bytes }) === null,
    isFormValid: ({ context }) => Object.keys(validateProfile(context.draft)).length === 0,
    isFormUntouched: ({ context }) => !isSettingsDirty(context),
  },
  actors: {
    /** Writes the profile; resolves with what was saved, rejects with the storage failure. */
    saveProfile: fromPromise<BusinessProfile, { profile: BusinessProfile }>(async () => {
      throw new Error('settings: provide saveProfile');
    }),
  },
}).createMachine({
  id: 'settings',
  meta: { secrets: settingsSecrets },
  context: ({ input }) => {
    const base = storedDraft(input.stored);
    const draft = input.savedDraft ? asProfileDraft(input.savedDraft, base) : base;
    return {
      stored: input.stored,
      draft,
      errors: {},
      draftRestored: input.savedDraft !== null && !sameValues(draft, base),
      saveError: null,
      savedAt: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: ['setField', 'persistDraft'] },
        'logo.choose': [
          { guard: 'isLogoAcceptable', actions: ['setLogo', 'persistDraft'] },
          // Refused: the message shows next to the field and the logo already chosen stays.
          { actions: 'setLogoError' },
        ],
        'logo.remove': { actions: ['clearLogo', 'persistDraft'] },
        'form.submit': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'showErrors' }],
        'draft.discard': { actions: ['resetToStored', 'discardDraft'] },
        'storage.change': [{ guard: 'isFormUntouched', actions: 'reloadFromStored' }, { actions: 'setStored' }],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ profile: draftToProfile(context.draft, Date.now()) }),
        onDone: { target: 'editing', actions: ['setSaved', 'discardDraft', 'notifySaved'] },
        onError: { target: 'editing', actions: 'setSaveError' },
      },
    },
  },
});
