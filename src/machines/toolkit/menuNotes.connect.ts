/**
 * What the Menu tool shows of each menu line (issue 21): its allergens as tags and, when it carries an
 * allergen the event avoids, the flag ("Contains Peanuts — this event avoids Peanuts"). Pure.
 */
import { allergenLabel, avoidedIn, flagMessage, type AllergenId, type MenuLine } from '../../domain/allergens';

export interface MenuRow {
  id: string;
  name: string;
  allergens: AllergenId[];
  /** The allergens' labels, in the list's order. */
  tags: string[];
  /** The flag's words, or null when the item carries nothing the event avoids. */
  flag: string | null;
}

export function menuRows(menu: readonly MenuLine[], avoid: readonly AllergenId[]): MenuRow[] {
  return menu.map((line) => {
    const hit = avoidedIn(line, avoid);
    return {
      id: line.id,
      name: line.name,
      allergens: line.allergens,
      tags: line.allergens.map(allergenLabel),
      flag: hit.length ? flagMessage(hit) : null,
    };
  });
}
