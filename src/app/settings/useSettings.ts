/**
 * The Business Settings form's actor with its effects (issue 22, part 1): the profile and the form's
 * draft in src/storage, the "Settings saved" toast, another tab's save, and reading a chosen logo file
 * as a data URL (only files within the cap are read). Also `useBusinessProfile`, the saved profile for
 * the pages that print the business's name (order lists and their e-mails).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { checkLogo, type BusinessProfile } from '../../domain/businessProfile';
import { connectSettings } from '../../machines/settings/settings.connect';
import { settingsMachine } from '../../machines/settings/settings.machine';
import { businessProfileStore } from '../../storage/businessProfile';
import { draftStore } from '../../storage/drafts';
import { inspect } from '../../views/shell/inspector';
import { notify } from '../../views/shell/toaster';

export function useSettings() {
  const [input] = useState(() => ({
    stored: businessProfileStore.read(),
    savedDraft: draftStore('settings').read()?.values ?? null,
  }));
  const machine = useMemo(
    () =>
      settingsMachine.provide({
        actions: {
          persistDraft: ({ context }) =>
            void draftStore('settings').write({ values: { ...context.draft }, savedAt: Date.now() }),
          discardDraft: () => void draftStore('settings').remove(),
          notifySaved: () => notify({ type: 'success', title: 'Settings saved', duration: 3000 }),
        },
        actors: {
          saveProfile: fromPromise<BusinessProfile, { profile: BusinessProfile }>(async ({ input: { profile } }) => {
            const result = businessProfileStore.write(profile);
            if (!result.ok) throw new Error(`The settings were not saved: ${result.error.message}`);
            return profile;
          }),
        },
      }),
    [],
  );
  const ref = useActorRef(machine, { input, inspect });
  useEffect(() => businessProfileStore.subscribe((profile) => ref.send({ type: 'storage.change', profile })), [ref]);
  const snapshot = useSelector(ref, (s) => s);
  const api = connectSettings(snapshot, ref.send);
  return {
    ...api,
    /** Reads the chosen file (when it is an image within the cap) and hands it to the form. */
    chooseLogoFile: (file: File) => {
      const refused = checkLogo({ type: file.type, bytes: file.size });
      if (refused) {
        api.chooseLogo({ dataUrl: '', mime: file.type, bytes: file.size });
        return;
      }
      const reader = new FileReader();
      reader.onload = () => api.chooseLogo({ dataUrl: String(reader.result), mime: file.type, bytes: file.size });
      reader.onerror = () => notify({ type: 'error', title: 'The logo file could not be read' });
      reader.readAsDataURL(file);
    },
  };
}

/** The saved business profile (null until saved), read when the page opens and kept current when another tab saves it. */
export function useBusinessProfile(): BusinessProfile | null {
  const [profile, setProfile] = useState(() => businessProfileStore.read());
  useEffect(() => businessProfileStore.subscribe(setProfile), []);
  return profile;
}
