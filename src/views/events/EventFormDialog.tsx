import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { memo, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import {
  eventFieldLabels,
  eventFields,
  eventTypeChoices,
  nextDayQuestion,
  PAST_DATE_QUESTION,
  type EventField,
} from '../../domain/events';
import { formatAmount } from '../../domain/ingredients';
import { allergens, avoidFromText, type AllergenId } from '../../domain/allergens';
import { customerClash, customerOptions, NEW_CUSTOMER } from '../../domain/customers';
import type { eventFormMachine } from '../../machines/events/eventForm.machine';
import { MAX_GUESTS, MAX_NAME_LENGTH, MIN_GUESTS } from '../../domain/limits';
import { Button } from '../components/Button';
import { LengthLimit, SelectField } from '../components/fields';
import { DraftNote } from '../components/DraftNote';
import { Modal, ModalTitle } from '../components/ModalDialog';
import { sameValues } from '../../domain/drafts';
import { useUnsavedChanges } from '../shell/unsaved';
import { useAfterPaint } from '../shell/afterPaint';
import { backdrop, dialogTitle, errorText, field, fullScreen, input, label, positioner } from './styles';

export type FormRef = ActorRefFrom<typeof eventFormMachine>;

const inputTypes: Partial<Record<EventField, string>> = {
  CustomerPhoneNumber: 'tel',
  CustomerEmail: 'email',
  NumberOfGuests: 'number',
  Vegetarian: 'number',
  Vegan: 'number',
  GlutenFree: 'number',
  EventDate: 'date',
  StartTime: 'time',
  EndTime: 'time',
};

const groups: Array<{ legend: string; fields: EventField[] }> = [
  { legend: 'Event', fields: ['EventName', 'EventType', 'NumberOfGuests', 'EventDate', 'StartTime', 'EndTime'] },
  { legend: 'Customer', fields: ['CustomerFirstName', 'CustomerLastName', 'CustomerPhoneNumber', 'CustomerEmail'] },
  { legend: 'Venue', fields: ['VenueName', 'VenueStreetAddress', 'VenueCity'] },
  // Issue 21: guest counts by diet; Allergies to avoid (checkboxes) follow in the same group.
  { legend: 'Dietary needs', fields: ['Vegetarian', 'Vegan', 'GlutenFree'] },
];
const countFields: EventField[] = ['Vegetarian', 'Vegan', 'GlutenFree'];

const required: EventField[] = ['EventName', 'EventDate', 'NumberOfGuests'];

const confirmPositioner = css({
  position: 'fixed',
  inset: '0',
  zIndex: 43,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: '4',
});
const confirmBackdrop = css({ position: 'fixed', inset: '0', bg: 'black/50', zIndex: 42 });
const confirmBox = css({
  bg: 'surface',
  color: 'fg',
  borderWidth: '2px',
  borderColor: 'accent',
  p: '6',
  maxW: '520px',
  width: '100%',
  display: 'grid',
  gap: '4',
  boxShadow: 'xl',
});
const confirmTitle = css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold', color: 'accent' });

/** The past-date question (the form machine's `confirmingPastDate`); Escape or outside click is Go back. */
function PastDateDialog({ form }: { form: EventFormApi }) {
  return (
    <Dialog.Root
      open={form.askingPastDate}
      onOpenChange={(d) => (d.open ? undefined : form.goBack())}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={confirmBackdrop} />
        <Dialog.Positioner className={confirmPositioner}>
          <Dialog.Content className={confirmBox}>
            <Dialog.Title className={confirmTitle}>{PAST_DATE_QUESTION}</Dialog.Title>
            <Dialog.Description>
              Event Date: <strong>{form.eventDate}</strong>
            </Dialog.Description>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outlineBlue" onClick={form.goBack}>
                Go back
              </Button>
              <Button variant="solidGreen" onClick={form.saveAnyway}>
                Save anyway
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Issue 22 part 6: a known e-mail or phone under another name (the form machine's `confirmingCustomer`); Escape is Go back. */
function CustomerQuestionDialog({ form }: { form: EventFormApi }) {
  return (
    <Dialog.Root
      open={form.customerQuestion !== null}
      onOpenChange={(d) => (d.open ? undefined : form.customerBack())}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={confirmBackdrop} />
        <Dialog.Positioner className={confirmPositioner}>
          <Dialog.Content className={confirmBox}>
            <Dialog.Title className={confirmTitle}>{form.customerQuestion}</Dialog.Title>
            <Dialog.Description>
              Typed: <strong>{`${form.values.CustomerFirstName} ${form.values.CustomerLastName}`.trim() || '—'}</strong>
            </Dialog.Description>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outlineBlue" onClick={form.customerBack}>
                Go back
              </Button>
              <Button variant="outlineGreen" onClick={form.keepNewCustomer}>
                Keep as a new customer
              </Button>
              <Button variant="solidGreen" onClick={form.useCustomer}>
                Use that customer
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Issue 25: the next-day question (the form machine's `confirmingNextDay`); Escape or outside click is Go back. */
function NextDayDialog({ form }: { form: EventFormApi }) {
  return (
    <Dialog.Root
      open={form.askingNextDay}
      onOpenChange={(d) => (d.open ? undefined : form.nextDayBack())}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={confirmBackdrop} />
        <Dialog.Positioner className={confirmPositioner}>
          <Dialog.Content className={confirmBox}>
            <Dialog.Title className={confirmTitle}>{nextDayQuestion(form.values.EndTime)}</Dialog.Title>
            <Dialog.Description>
              Start Time: <strong>{form.values.StartTime}</strong> · End Time: <strong>{form.values.EndTime}</strong>
            </Dialog.Description>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outlineBlue" onClick={form.nextDayBack}>
                Go back
              </Button>
              <Button variant="solidGreen" onClick={form.endsNextDay}>
                Ends next day
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '4' });
const fieldset = css({ borderWidth: '2px', borderColor: 'border', p: '4', mb: '4', bg: 'surface' });
const legend = css({ fontFamily: 'heading', fontWeight: 'bold', color: 'secondary', px: '2' });

function useEventForm(ref: FormRef) {
  return {
    values: useSelector(ref, (s) => s.context.values),
    errors: useSelector(ref, (s) => s.context.errors),
    isNew: useSelector(ref, (s) => s.context.values.id === 0),
    saving: useSelector(ref, (s) => s.hasTag('saving')),
    askingPastDate: useSelector(ref, (s) => s.hasTag('confirm past date')),
    eventDate: useSelector(ref, (s) => s.context.values.EventDate),
    saveAnyway: () => ref.send({ type: 'pastDate.confirm' }),
    goBack: () => ref.send({ type: 'pastDate.back' }),
    askingNextDay: useSelector(ref, (s) => s.hasTag('confirm next day')),
    endsNextDay: () => ref.send({ type: 'nextDay.confirm' }),
    nextDayBack: () => ref.send({ type: 'nextDay.back' }),
    reviewing: useSelector(ref, (s) => s.hasTag('review')),
    rescaleRows: useSelector(ref, (s) => s.context.rescale?.plan.rows ?? null),
    newGuests: useSelector(ref, (s) => s.context.rescale?.plan.guests ?? null),
    canConfirmRescale: useSelector(ref, (s) => s.can({ type: 'rescale.confirm' })),
    saveError: useSelector(ref, (s) => s.context.saveError),
    confirmRescale: () => ref.send({ type: 'rescale.confirm' }),
    cancelRescale: () => ref.send({ type: 'rescale.cancel' }),
    // The same function for the form's life: a field is drawn again only when its own value or message changes.
    change: useMemo(() => (f: EventField, value: string) => ref.send({ type: 'field.change', field: f, value }), [ref]),
    toggleAvoid: (allergen: AllergenId) => ref.send({ type: 'avoid.toggle', allergen }),
    /**
     * Sends Save with the fields the browser could not read (`unreadable`); returns the first field (in form
     * order) that now has a message, if any.
     */
    submit: (unreadable: EventField[]): EventField | undefined => {
      ref.send({ type: 'form.submit', unreadable });
      const errors = ref.getSnapshot().context.errors;
      return groups.flatMap((g) => g.fields).find((f) => errors[f]);
    },
    cancel: () => ref.send({ type: 'form.cancel' }),
    draftRestored: useSelector(ref, (s) => s.context.draftRestored),
    /** Typed and not saved (issue 25: asked about before leaving the page). */
    dirty: useSelector(ref, (s) => s.context.draftRestored || !sameValues(s.context.values, s.context.startValues)),
    discardDraft: () => ref.send({ type: 'draft.discard' }),
    customers: useSelector(ref, (s) => s.context.customers),
    /** The chosen customer's id ('' when none, or when "keep as a new customer" was answered). */
    customerId: useSelector(ref, (s) => {
      const id = s.context.values.customerId ?? '';
      return id === NEW_CUSTOMER ? '' : id;
    }),
    chooseCustomer: (id: string) => ref.send({ type: 'customer.choose', id }),
    customerQuestion: useSelector(ref, (s) =>
      s.hasTag('confirm customer')
        ? (customerClash(s.context.customers, s.context.values, s.context.values.customerId ?? '')?.message ?? null)
        : null,
    ),
    useCustomer: () => ref.send({ type: 'customer.use' }),
    keepNewCustomer: () => ref.send({ type: 'customer.keepNew' }),
    customerBack: () => ref.send({ type: 'customer.back' }),
  };
}

type EventFormApi = ReturnType<typeof useEventForm>;

/** The fields whose typed text the browser could not read: 31 February in a date field has the value '' and `badInput`. */
function unreadableFields(form: HTMLFormElement | null): EventField[] {
  const names = new Set<string>(eventFields);
  return [...(form?.elements ?? [])]
    .filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.validity.badInput)
    .map((el) => el.name)
    .filter((name): name is EventField => names.has(name));
}

type FieldProps = { name: EventField; value: string; error: string | undefined; change: EventFormApi['change'] };

/** Event Type: an Ark UI Select (its menu capped at 200px like every dropdown) with the eleven types. */
function EventTypeField({ value: current, error, change }: Omit<FieldProps, 'name'>) {
  const options = useMemo(() => eventTypeChoices(current).map((t) => ({ value: t, label: t })), [current]);
  return (
    <SelectField
      startOnUse
      id="event-EventType"
      label={eventFieldLabels.EventType}
      value={current}
      options={options}
      placeholder="Select Event Type"
      onValue={(value) => change('EventType', value)}
      error={error}
      triggerClassName={input}
    />
  );
}

/** Issue 22 part 6: Existing customer, an Ark UI Select of the stored customers; choosing one fills the fields below. */
function ExistingCustomerField({ form }: { form: EventFormApi }) {
  const options = useMemo(() => customerOptions(form.customers), [form.customers]);
  if (!options.length) return null;
  return (
    <div className={css({ mb: '4', maxW: { md: '50%' } })}>
      <SelectField
        startOnUse
        id="event-customer"
        label="Existing customer"
        value={form.customerId}
        options={options}
        placeholder="New customer"
        onValue={form.chooseCustomer}
        triggerClassName={input}
      />
    </div>
  );
}

/**
 * One field of the form, drawn again only when its own value or message changes (issue 23): React sets every prop
 * of an input it renders (its name, type and value written to the page again), and each keystroke, and the
 * Dietary needs added after the first paint, drew all twenty.
 */
const FormField = memo(function FormField({ name, value, error, change }: FieldProps) {
  if (name === 'EventType') return <EventTypeField value={value} error={error} change={change} />;
  const id = `event-${name}`;
  // Text, phone and e-mail fields have a maximum length (number, date and time fields their own rules).
  const limited = !['number', 'date', 'time'].includes(inputTypes[name] ?? 'text');
  const describedBy = [error ? `${id}-error` : '', limited ? `${id}-limit` : ''].filter(Boolean).join(' ');
  return (
    <div className={field}>
      <label htmlFor={id} className={label}>
        {eventFieldLabels[name]}
        {required.includes(name) ? ' *' : ''}
      </label>
      <input
        id={id}
        name={name}
        className={input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        maxLength={limited ? MAX_NAME_LENGTH : undefined}
        aria-required={required.includes(name) ? true : undefined}
        type={inputTypes[name] ?? 'text'}
        inputMode={name === 'CustomerPhoneNumber' ? 'tel' : undefined}
        min={name === 'NumberOfGuests' ? MIN_GUESTS : countFields.includes(name) ? 0 : undefined}
        max={name === 'NumberOfGuests' ? MAX_GUESTS : undefined}
        step={name === 'NumberOfGuests' || countFields.includes(name) ? 1 : undefined}
        onChange={(e) => change(name, e.target.value)}
      />
      {limited ? (
        <LengthLimit id={`${id}-limit`} label={eventFieldLabels[name]} value={value} max={MAX_NAME_LENGTH} />
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

const checkGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(auto-fill, minmax(150px, 1fr))' },
  gap: '2',
  borderWidth: '1px',
  borderColor: 'border',
  p: '3',
  mt: '4',
});

/** Issue 21: Allergies to avoid, a checkbox per allergen. */
function AvoidField({ form }: { form: EventFormApi }) {
  const chosen = avoidFromText(form.values.AllergiesToAvoid);
  return (
    <fieldset className={checkGrid}>
      <legend className={label}>{eventFieldLabels.AllergiesToAvoid}</legend>
      {allergens.map((a) => (
        <label key={a.id} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <input
            type="checkbox"
            name="AllergiesToAvoid"
            value={a.id}
            checked={chosen.includes(a.id)}
            onChange={() => form.toggleAvoid(a.id)}
          />
          {a.label}
        </label>
      ))}
    </fieldset>
  );
}

const reviewList = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2', mb: '4' });

/** Guest scaling: each per-guest line's old and new quantity, before the save (Save or Cancel). */
function RescaleReview({ form }: { form: EventFormApi }) {
  const rows = form.rescaleRows ?? [];
  return (
    <section aria-labelledby="rescale-title" className={fieldset}>
      <h2 id="rescale-title" className={legend}>
        New quantities for {form.newGuests} guests
      </h2>
      <p className={css({ mb: '3' })}>
        The Number of Guests changed: these per-guest ingredient lines will be rescaled. Lines per event stay as they
        are.
      </p>
      <ul aria-label="Rescaled quantities" className={reviewList}>
        {rows.map((r) => (
          <li key={`${r.kind}-${r.id}`} className={css({ bg: 'stripe', p: '2' })}>
            <strong>{r.name}</strong>: {formatAmount(r.from)} → {formatAmount(r.to)} {r.unit}
            {r.tooLarge ? (
              <span className={errorText}> (above the ceiling of 1,000,000: lower the guests or this line)</span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
        <Button variant="outlineRed" onClick={form.cancelRescale}>
          Cancel
        </Button>
        <Button variant="solidGreen" onClick={form.confirmRescale} disabled={!form.canConfirmRescale}>
          Save
        </Button>
      </div>
    </section>
  );
}

/**
 * Below the fold at every screen size, made after the form's first paint (`useAfterPaint`, issue 23): the Dietary
 * needs fieldset (41 elements) in a task of its own, not in the click that opens the form.
 */
const belowTheFold = new Set(['Dietary needs']);

/** The full-screen event form (a plain modal dialog: focus kept inside, Escape cancels). */
export function EventFormDialog({
  formRef,
  changedElsewhere = false,
  fallbackFocus,
}: {
  formRef: FormRef;
  changedElsewhere?: boolean;
  /** Where the focus goes at close when the form was not opened from a button (a draft restored after a reload). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const form = useEventForm(formRef);
  const formEl = useRef<HTMLFormElement>(null);
  const painted = useAfterPaint();
  useUnsavedChanges(form.dirty);
  return (
    // A plain modal dialog (ModalDialog.tsx): nothing read or walked on open, the page behind not restyled.
    <Modal
      onClose={form.cancel}
      backdropClassName={backdrop}
      positionerClassName={positioner}
      contentClassName={formScroller}
      fallbackFocus={fallbackFocus}
    >
      {form.reviewing ? (
        <div className={css({ maxW: '1100px', mx: 'auto' })}>
          <ModalTitle className={dialogTitle}>Edit Event</ModalTitle>
          <RescaleReview form={form} />
        </div>
      ) : (
        <form
          ref={formEl}
          noValidate
          className={css({ maxW: '1100px', mx: 'auto' })}
          onSubmit={(e) => {
            e.preventDefault();
            const invalid = form.submit(unreadableFields(formEl.current));
            // A select's focusable part is its trigger; the other fields are their inputs.
            const target =
              invalid &&
              (formEl.current?.querySelector<HTMLElement>(`#event-${invalid}-trigger`) ??
                formEl.current?.querySelector<HTMLElement>(`#event-${invalid}`));
            target?.focus();
          }}
        >
          <ModalTitle className={dialogTitle}>{form.isNew ? 'Create New Event' : 'Edit Event'}</ModalTitle>
          <p className={css({ color: 'fgMuted', mb: '4' })}>Fields marked * are required.</p>
          {form.draftRestored ? (
            <DraftNote onDiscard={form.discardDraft} what="This new event was typed before and not saved yet." />
          ) : null}
          {form.saveError ? (
            <p
              role="alert"
              className={css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', mb: '4', fontWeight: 'bold' })}
            >
              {form.saveError}
            </p>
          ) : null}
          {changedElsewhere ? (
            <p
              role="status"
              className={css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', mb: '4', fontWeight: 'bold' })}
            >
              This event was changed in another tab. Your typing is kept; Save will ask which version to keep.
            </p>
          ) : null}
          {groups.map((g) =>
            !painted && belowTheFold.has(g.legend) ? null : (
              <fieldset key={g.legend} className={fieldset}>
                <legend className={legend}>{g.legend}</legend>
                {g.legend === 'Customer' ? <ExistingCustomerField form={form} /> : null}
                <div className={grid}>
                  {g.fields.map((f) => (
                    <FormField key={f} name={f} value={form.values[f]} error={form.errors[f]} change={form.change} />
                  ))}
                </div>
                {g.legend === 'Dietary needs' ? <AvoidField form={form} /> : null}
              </fieldset>
            ),
          )}
          <div
            className={css({
              display: 'flex',
              gap: '3',
              justifyContent: 'flex-end',
              position: 'sticky',
              // At the dialog's very bottom edge: the scrolling box's own padding (fullScreen) would otherwise
              // leave a strip under the buttons where the fields scrolled past show through.
              bottom: { base: '-4', md: '-8' },
              bg: 'bg',
              py: '3',
            })}
          >
            <Button variant="outlineRed" onClick={form.cancel}>
              Cancel
            </Button>
            <Button variant="solidGreen" type="submit" disabled={form.saving}>
              Save
            </Button>
          </div>
        </form>
      )}
      {/* Each question mounted only while asked (issue 23): a closed Ark dialog still ran its machine on every
          open of the form. */}
      {form.askingPastDate ? <PastDateDialog form={form} /> : null}
      {form.askingNextDay ? <NextDayDialog form={form} /> : null}
      {form.customerQuestion !== null ? <CustomerQuestionDialog form={form} /> : null}
    </Modal>
  );
}

/**
 * The form's scrolling box: a field the focus moves to (Tab, a message's field) is scrolled into view above the
 * sticky Cancel/Save bar, not behind it (the bar: 12 px above and below a 40 px button; a little room more).
 */
const formScroller = cx(fullScreen, css({ scrollPaddingBottom: '20' }));
