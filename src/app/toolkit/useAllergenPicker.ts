/**
 * The allergen picker of one item (issue 21), its `persistSelection` provided: each tick goes to
 * `onChange` (the Menu tool sends it to the menu line by id). The item's allergens as stored now come
 * back as `selected.change`, so another tab's save shows here too.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { AllergenId } from '../../domain/allergens';
import { allergenPickerMachine } from '../../machines/allergens/allergenPicker.machine';
import { inspect } from '../../views/shell/inspector';

export function useAllergenPicker(selected: AllergenId[], onChange: (selected: AllergenId[]) => void) {
  const change = useRef(onChange);
  change.current = onChange;
  const [machine] = useState(() =>
    allergenPickerMachine.provide({
      actions: { persistSelection: ({ context }) => change.current(context.selected) },
    }),
  );
  const ref = useActorRef(machine, { input: { selected }, inspect });
  const key = selected.join();
  useEffect(() => {
    ref.send({ type: 'selected.change', selected: key ? (key.split(',') as AllergenId[]) : [] });
  }, [ref, key]);
  return {
    open: useSelector(ref, (s) => s.hasTag('open')),
    selected: useSelector(ref, (s) => s.context.selected),
    togglePicker: () => ref.send({ type: 'picker.toggle' }),
    close: () => ref.send({ type: 'picker.close' }),
    toggle: (allergen: AllergenId) => ref.send({ type: 'allergen.toggle', allergen }),
  };
}
