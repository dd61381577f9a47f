/**
 * The allergen picker's pieces (issue 21), shared by menu items and specialty ingredients: the chosen
 * allergens as tags, the **Allergens** button, and the checkbox per allergen.
 */
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { allergens } from '../../domain/allergens';
import type { useAllergenPicker } from '../../app/toolkit/useAllergenPicker';
import { Button } from '../components/Button';

type Picker = ReturnType<typeof useAllergenPicker>;

const tagList = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: 0, m: 0, mt: '1' });
const tag = css({ fontSize: 'sm', borderWidth: '1px', borderColor: 'border', bg: 'surfaceRaised', px: '2', py: '0.5' });
const pickerBox = css({
  borderWidth: '2px',
  borderColor: 'border',
  p: '3',
  mt: '2',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: '2',
});

export function AllergenTags({ tags, name }: { tags: string[]; name: string }) {
  return tags.length ? (
    <ul className={tagList} aria-label={`Allergens in ${name}`}>
      {tags.map((t) => (
        <li key={t} className={tag}>
          {t}
        </li>
      ))}
    </ul>
  ) : null;
}

export function AllergensButton({ picker, name, pickerId }: { picker: Picker; name: string; pickerId: string }) {
  return (
    <Button
      id={toggleId(pickerId)}
      size="sm"
      variant="outlineBlue"
      aria-expanded={picker.open}
      aria-controls={picker.open ? pickerId : undefined}
      aria-label={`Allergens of ${name}`}
      onClick={picker.togglePicker}
    >
      Allergens
    </Button>
  );
}

const toggleId = (pickerId: string) => `${pickerId}-toggle`;

/** The checkbox per allergen (shown while the picker is open); Done or Escape closes it. */
export function AllergenChecks({ picker, name, pickerId }: { picker: Picker; name: string; pickerId: string }) {
  if (!picker.open) return null;
  return <AllergenFieldset picker={picker} name={name} pickerId={pickerId} />;
}

/**
 * The open picker. In a menu line it sits under the dish's name, before the line's buttons, so the keyboard would
 * reach its checkboxes only by going back: opened from its Allergens button, it takes the focus (the first
 * checkbox), and when it closes with the focus inside it (Done, Escape) the focus goes back to that button.
 */
function AllergenFieldset({ picker, name, pickerId }: { picker: Picker; name: string; pickerId: string }) {
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const fieldset = box.current!;
    const doc = fieldset.ownerDocument;
    if (doc.activeElement?.id === toggleId(pickerId)) fieldset.querySelector('input')?.focus();
    return () => {
      // The fieldset has left the page: a focus that was in it has fallen to <body>.
      if (!doc.activeElement || doc.activeElement === doc.body) doc.getElementById(toggleId(pickerId))?.focus();
    };
  }, [pickerId]);
  return (
    <fieldset
      ref={box}
      id={pickerId}
      className={pickerBox}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          picker.close();
        }
      }}
    >
      <legend className={css({ fontWeight: 'bold', px: '1' })}>Allergens in {name}</legend>
      {allergens.map((a) => (
        <label key={a.id} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <input type="checkbox" checked={picker.selected.includes(a.id)} onChange={() => picker.toggle(a.id)} />
          {a.label}
        </label>
      ))}
      <div>
        <Button size="sm" variant="outlineGreen" onClick={picker.close}>
          Done
        </Button>
      </div>
    </fieldset>
  );
}
