import { Link } from 'wouter';
import { button } from 'styled-system/recipes';
import { usePlaySound } from '../../app/shell/AppActors';
import { eventSheetPath } from './path';

/** "Event Sheet": a link styled as an outline button to the event's printable sheet (ButtonLink, with an accessible name of its own). */
export function SheetLink({ id, label }: { id: number; label?: string }) {
  const play = usePlaySound();
  return (
    <Link
      href={eventSheetPath(id)}
      className={button({ variant: 'outlineBlue' })}
      aria-label={label}
      onClick={() => play('Event Sheet')}
    >
      Event Sheet
    </Link>
  );
}
