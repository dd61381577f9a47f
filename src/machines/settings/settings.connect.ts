/**
 * What the Business Settings view shows and can do, from the machine's snapshot and send (no React):
 * the values, each field's message, whether Save is running, whether the form holds unsaved typing,
 * and the callbacks. Unit-tested in tests/unit/businessProfile.test.ts.
 */
import type { SnapshotFrom } from 'xstate';
import type { ProfileField } from '../../domain/businessProfile';
import { isSettingsDirty, type settingsMachine, type SettingsEvent } from './settings.machine';

export function connectSettings(snapshot: SnapshotFrom<typeof settingsMachine>, send: (event: SettingsEvent) => void) {
  const { context } = snapshot;
  return {
    values: context.draft,
    errors: context.errors,
    saving: snapshot.hasTag('saving'),
    dirty: isSettingsDirty(context),
    draftRestored: context.draftRestored,
    saveError: context.saveError,
    /** "Saved." once this form has saved and nothing was typed since. */
    justSaved: context.savedAt !== null && !isSettingsDirty(context),
    hasLogo: context.draft.logo !== '',
    change: (field: Exclude<ProfileField, 'logo'>, value: string) => send({ type: 'field.change', field, value }),
    chooseLogo: (file: { dataUrl: string; mime: string; bytes: number }) => send({ type: 'logo.choose', ...file }),
    removeLogo: () => send({ type: 'logo.remove' }),
    save: () => send({ type: 'form.submit' }),
    discardDraft: () => send({ type: 'draft.discard' }),
  };
}
export type SettingsApi = ReturnType<typeof connectSettings>;
