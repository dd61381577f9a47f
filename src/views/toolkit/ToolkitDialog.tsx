import { memo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { Modal, ModalTitle } from '../components/ModalDialog';
import { useAfterPaint } from '../shell/afterPaint';
import { SheetLink } from '../eventSheet/SheetLink';
import { DocumentLinks } from '../invoice/DocumentLinks';
import { useEventById, type EventsRef } from '../../app/events/useEventsActor';
import { backdrop, dialogTitle, fullScreen, positioner } from '../events/styles';
import { ImagePanel } from './ImagePanel';
import { IngredientsPanel } from './IngredientsPanel';
import { MenuPanel, NotesPanel } from './MenuNotesPanels';
import { dietaryOf } from '../../domain/allergens';
import { PricingPanel } from './PricingPanel';
import { StaffPanel } from './StaffPanel';
import { StatusPanel } from './StatusPanel';
import { PaymentsPanel } from './PaymentsPanel';
import { usePayments } from '../../app/events/usePayments';
import { useEventStatus } from '../../app/events/useEventStatus';
import { toolkitMachine } from '../../machines/toolkit/toolkit.machine';
import { useToolkitActors } from '../../app/toolkit/useToolkitActors';
import { inspect } from '../shell/inspector';
import {
  inventoryDraft,
  menuDraft,
  noteDraft,
  priceDraft,
  ratesDraft,
  specialtyDraft,
} from '../../machines/toolkit/toolkitDrafts.connect';
import { useToolkitFormUnsaved } from './ToolkitDraftNote';

const toggles = [
  { tag: 'image', label: 'Choose Event Image', event: 'image.toggle' },
  { tag: 'ingredients', label: 'Ingredients', event: 'ingredients.toggle' },
  { tag: 'menu', label: 'Menu', event: 'menu.toggle' },
  { tag: 'notes', label: 'Notes', event: 'notes.toggle' },
  { tag: 'pricing', label: 'Pricing', event: 'pricing.toggle' },
  { tag: 'staff', label: 'Staff', event: 'staff.toggle' },
] as const;

function usePanels(ref: ReturnType<typeof useActorRef<typeof toolkitMachine>>) {
  const shown = useSelector(
    ref,
    (s) => toggles.filter((t) => s.hasTag(t.tag)).map((t) => t.tag),
    (a, b) => a.join() === b.join(),
  );
  return { shown, toggle: (event: (typeof toggles)[number]['event']) => ref.send({ type: event }) };
}

/**
 * The Tool Kit overlay of one event (a modal dialog: the focus kept in it, Escape closes). Memoised on the event's id
 * (issue 23, sixth pass): a change of the event (a note, a payment) renders the tools, which follow the event
 * themselves, not the dialog, its header and its toggles; the title follows the event's name.
 */
export const ToolkitDialog = memo(function ToolkitDialog({
  id,
  eventsRef,
  onClose,
}: {
  id: number;
  eventsRef: EventsRef;
  onClose: () => void;
}) {
  // The name only: the dialog renders again for a new name, not for every change of the event.
  const name = useSelector(eventsRef, (s) => s.context.events.find((e) => e.id === id)?.EventName ?? null);
  const panelsRef = useActorRef(toolkitMachine, { inspect });
  const panels = usePanels(panelsRef);
  const isShown = (tag: string) => (panels.shown as string[]).includes(tag);
  // Issue 23, eighth pass: the click draws the dialog's frame (its title, links and toggles) and the tools follow in a
  // render of their own after that frame is painted, which React slices and any input interrupts. Drawing the whole
  // Tool Kit in the click's frame held its next paint 280 to 370 ms at 4x CPU (the tools' actors, their panels' style
  // and paint); the frame alone is 100 to 130 ms (docs/performance.md, eighth pass).
  const toolsDrawn = useAfterPaint();
  return (
    // A plain modal dialog (ModalDialog.tsx), as the events form: Ark's dialog listed and measured every tabbable
    // element on open (its focus trap, ~30 ms at 4x) and ran a machine of its own.
    <Modal
      onClose={onClose}
      backdropClassName={backdrop}
      positionerClassName={positioner}
      contentClassName={fullScreen}
    >
      <div className={css({ maxW: '1200px', mx: 'auto', display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'flex-start',
            gap: '3',
            flexWrap: 'wrap',
          })}
        >
          <ModalTitle className={dialogTitle}>Tool Kit: {name ?? ''}</ModalTitle>
          <SheetLink id={id} />
          <DocumentLinks id={id} />
          <Button variant="outlineRed" onClick={onClose}>
            Close Tool Kit
          </Button>
        </div>
        <div role="group" aria-label="Tools" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {toggles.map((t) => (
            <Button
              key={t.tag}
              variant={isShown(t.tag) ? 'solidBlue' : 'outlineBlue'}
              aria-pressed={isShown(t.tag)}
              onClick={() => panels.toggle(t.event)}
            >
              {t.label}
            </Button>
          ))}
        </div>
        {panels.shown.length === 0 ? (
          <p
            className={css({
              color: 'fgMuted',
              p: '6',
              textAlign: 'center',
              borderWidth: '2px',
              borderStyle: 'dashed',
              borderColor: 'border',
            })}
          >
            Click the buttons above to toggle the visibility of the different tools.
          </p>
        ) : null}
        {name !== null && toolsDrawn ? <ToolkitTools id={id} eventsRef={eventsRef} isShown={isShown} /> : null}
      </div>
    </Modal>
  );
});

function ToolkitTools({
  id,
  eventsRef,
  isShown,
}: {
  id: number;
  eventsRef: EventsRef;
  isShown: (tag: string) => boolean;
}) {
  // Shown only once the event is there (above), and kept while it goes: the page closes the Tool Kit then.
  const event = useEventById(eventsRef, id)!;
  const actors = useToolkitActors(event, eventsRef);
  // Issue 25: typing kept in any tool, shown or not, asks before the page is left.
  useToolkitFormUnsaved(actors.inventory, inventoryDraft);
  useToolkitFormUnsaved(actors.specialty, specialtyDraft);
  useToolkitFormUnsaved(actors.menuNotes, menuDraft);
  useToolkitFormUnsaved(actors.menuNotes, noteDraft);
  useToolkitFormUnsaved(actors.pricing, priceDraft);
  useToolkitFormUnsaved(actors.pricing, ratesDraft);
  const payments = usePayments(event, eventsRef, actors);
  // Confirm needs the deposit paid: the Payments tool says whether it is.
  const status = useEventStatus(event, eventsRef, payments.figures?.depositPaid ?? false);
  return (
    <>
      <StatusPanel status={status} />
      <PaymentsPanel payments={payments} />
      {isShown('image') ? <ImagePanel event={event} eventsRef={eventsRef} /> : null}
      {isShown('ingredients') ? <IngredientsPanel actors={actors} avoid={dietaryOf(event).avoid} /> : null}
      {isShown('menu') ? <MenuPanel actorRef={actors.menuNotes} avoid={dietaryOf(event).avoid} /> : null}
      {isShown('notes') ? <NotesPanel actorRef={actors.menuNotes} /> : null}
      {isShown('pricing') ? <PricingPanel actors={actors} /> : null}
      {isShown('staff') ? <StaffPanel actors={actors} /> : null}
    </>
  );
}
