/** Form pieces shared by every page: labelled text fields and an Ark UI Select whose menu is capped at 200px (spec section 9). */
import { createListCollection, Select, useSelectContext } from '@ark-ui/react/select';
import { memo, useEffect, useMemo, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { lengthLimitMessage } from '../../domain/limits';

export const fieldBox = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 });
export const labelText = css({ fontWeight: 'semibold', fontSize: 'sm' });
export const inputStyle = css({
  bg: 'surface',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  px: '3',
  py: '2',
  fontSize: 'md',
  minH: '10',
  width: '100%',
  _invalid: { borderColor: 'accent', borderWidth: '2px' },
});
export const errorText = css({ color: 'alertFg', fontSize: 'sm', fontWeight: 'semibold' });
/** A warning that does not block (a duplicate name or SKU): set apart from refusals by its bar. */
export const warningText = css({
  color: 'fg',
  bg: 'surfaceRaised',
  fontSize: 'sm',
  borderLeftWidth: '4px',
  borderLeftStyle: 'solid',
  borderLeftColor: 'secondary',
  px: '2',
  py: '1',
});

/**
 * Under a text field with a maximum length: says so once the value has reached it (typing stops there
 * and a longer paste is cut to it, so the caterer is told why). Announced politely.
 */
export function LengthLimit({ id, label, value, max }: { id: string; label: string; value: string; max: number }) {
  return (
    <span id={id} role="status" className={value.length >= max ? warningText : undefined}>
      {value.length >= max ? lengthLimitMessage(label, max) : null}
    </span>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  /** A non-blocking warning shown under the field (and announced with it). */
  warning?: string;
  /** A short explanation under the field (what to enter). */
  hint?: string;
  onValue: (value: string) => void;
}

export const TextField = memo(function TextField({
  id,
  label,
  value,
  error,
  warning,
  hint,
  onValue,
  type = 'text',
  maxLength,
  ...rest
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const limitId = `${id}-limit`;
  const hintId = `${id}-hint`;
  const atLimit = maxLength !== undefined && value.length >= maxLength;
  const describedBy = [hint ? hintId : '', error ? errorId : '', warning ? warningId : '', atLimit ? limitId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={inputStyle}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        maxLength={maxLength}
        {...rest}
      />
      {hint ? (
        <span id={hintId} className={css({ color: 'fgMuted', fontSize: 'sm' })}>
          {hint}
        </span>
      ) : null}
      {maxLength !== undefined ? <LengthLimit id={limitId} label={label} value={value} max={maxLength} /> : null}
      {error ? (
        <span id={errorId} className={errorText}>
          {error}
        </span>
      ) : null}
      {warning ? (
        <span id={warningId} role="status" className={warningText}>
          {warning}
        </span>
      ) : null}
    </div>
  );
});

export interface Option {
  value: string;
  label: string;
}

const NONE = '__none__';

const trigger = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  bg: 'surface',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  px: '3',
  py: '2',
  minH: '10',
  width: '100%',
  textAlign: 'left',
  cursor: 'pointer',
  _placeholderShown: { color: 'fgMuted' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  _invalid: { borderColor: 'accent', borderWidth: '2px' },
});
const content = css({
  bg: 'surfaceRaised',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  boxShadow: 'lg',
  maxH: '200px',
  overflowY: 'auto',
  zIndex: 60,
  py: '1',
  _focusVisible: { outline: 'none' },
  '&[data-state=open]': { animation: 'menuIn token(durations.menuEnter) ease-out' },
});
const itemStyle = css({
  px: '3',
  py: '1.5',
  cursor: 'pointer',
  '&[data-highlighted]': { bg: 'primary', color: 'onSolid' },
  '&[data-state=checked]': { fontWeight: 'bold' },
});

/**
 * The menu's options: a component of their own, so that they are made only when the menu is (the content is
 * mounted lazily); the Existing customer choice has 2,000 of them, made on every render before (issue 23).
 */
function SelectItems({ items }: { items: readonly Option[] }) {
  return items.map((option) => (
    <Select.Item key={option.value} item={option} className={itemStyle}>
      <Select.ItemText>{option.label}</Select.ItemText>
    </Select.Item>
  ));
}

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  placeholder?: string;
  onValue: (value: string) => void;
  disabled?: boolean;
  error?: string;
  triggerClassName?: string;
  /**
   * Start Ark's select (its zag machine, its collection) only when it is first used: until then a stand-in with
   * the same markup, label and look (issue 23: the Edit dialogs started two to five select machines on every
   * open, the Existing customer one with a 2,000-item collection). See `SelectStandIn`.
   */
  startOnUse?: boolean;
}

/**
 * A single-choice dropdown (Ark UI Select, which owns keyboard and focus). `placeholder`, when given,
 * is also an option that clears the choice (the spec's 'Select a Supplier', 'Select Category').
 * `error` shows a message under it and marks the trigger invalid; `triggerClassName` matches the
 * trigger to the inputs around it.
 */
export const SelectField = memo(function SelectField({ startOnUse = false, ...props }: SelectFieldProps) {
  const [started, setStarted] = useState<Started | null>(startOnUse ? null : {});
  if (!started) return <SelectStandIn {...props} onStart={setStarted} />;
  return <ArkSelectField {...props} started={started} />;
});

/** How the stand-in was used: the Ark select, once mounted, is given the same focus, click or key. */
interface Started {
  focus?: boolean;
  click?: boolean;
  key?: KeyboardEventInit;
}

const triggerId = (id: string) => `${id}-trigger`;
const labelId = (id: string) => `${id}-label`;

/**
 * The select before its first use: Ark's markup for a closed select (root, label, control, a `combobox` trigger
 * named by the label, the value or the placeholder, the indicator), with the same ids, classes and data
 * attributes, so it looks, reads and is found the same, and no machine. Its first use mounts the Ark select in
 * its place and hands that use on to Ark's trigger: a focus that is not a press's (Tab, a click on the label,
 * the form focusing an invalid field) focuses it; a click (the mouse, a touch, after its own focus) focuses and
 * clicks it, which opens the menu; a key pressed here first (only after a press focused it without a click) is
 * sent on to it. So ArrowDown, Enter, Space and typing to pick reach Ark's trigger as before.
 */
function SelectStandIn({
  id,
  label,
  value,
  options,
  placeholder,
  disabled,
  error,
  triggerClassName,
  onStart,
}: Omit<SelectFieldProps, 'startOnUse' | 'onValue'> & { onStart: (started: Started) => void }) {
  const pressed = useRef(false);
  const chosen = value ? options.find((o) => o.value === value) : undefined;
  const errorId = `${id}-error`;
  return (
    <div
      id={id}
      className={fieldBox}
      data-scope="select"
      data-part="root"
      data-invalid={error ? '' : undefined}
      data-startonuse=""
    >
      <label
        id={labelId(id)}
        className={labelText}
        data-scope="select"
        data-part="label"
        data-disabled={disabled ? '' : undefined}
        data-invalid={error ? '' : undefined}
        onClick={() => {
          if (!disabled) document.getElementById(triggerId(id))?.focus({ preventScroll: true });
        }}
      >
        {label}
      </label>
      <div data-scope="select" data-part="control" data-state="closed" data-invalid={error ? '' : undefined}>
        <button
          id={triggerId(id)}
          type="button"
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-labelledby={labelId(id)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          className={triggerClassName ? `${trigger} ${triggerClassName}` : trigger}
          data-scope="select"
          data-part="trigger"
          data-state="closed"
          data-invalid={error ? '' : undefined}
          data-placeholder-shown={chosen ? undefined : ''}
          onPointerDown={() => {
            pressed.current = true;
          }}
          onFocus={() => {
            // A press's focus waits for its click (Ark's trigger opens on click).
            if (pressed.current) pressed.current = false;
            else onStart({ focus: true });
          }}
          onClick={() => onStart({ focus: true, click: true })}
          onKeyDown={(event) => {
            if (!handedKey(event)) return;
            event.preventDefault();
            const { key, code, altKey, ctrlKey, metaKey, shiftKey } = event;
            onStart({ focus: true, key: { key, code, altKey, ctrlKey, metaKey, shiftKey } });
          }}
        >
          <span data-scope="select" data-part="value-text">
            {chosen ? chosen.label : (placeholder ?? 'Choose')}
          </span>
          <div data-scope="select" data-part="indicator" data-state="closed" aria-hidden>
            ▾
          </div>
        </button>
      </div>
      {error ? (
        <span id={errorId} className={errorText}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The keys Ark's closed trigger acts on: the arrows, Home, End, Enter, Space, and typing to pick (typeahead). */
const handedKey = (event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }) =>
  /^(Arrow(Up|Down|Left|Right)|Home|End|Enter| )$/.test(event.key) ||
  (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey);

/**
 * The trigger and the menu of a started select, with the keys of the frame after the menu opens. Ark starts the
 * menu's own key handling a frame after it opens: its Escape (its dismissable layer) and the focus on the menu.
 * Until then, an Escape went on to the dialog around the select, which closed the whole form, and ArrowDown,
 * Enter or a letter pressed on the trigger were lost or chose the wrong option (a busy phone, a quick hand; both
 * seen in CI). So Escape while the menu is open closes the menu, and only it; a menu key pressed on the trigger
 * of an open menu moves the focus to the menu and is handed to it.
 */
function SelectParts({
  items,
  placeholder,
  triggerClassName,
  describedBy,
}: {
  items: readonly Option[];
  placeholder: string | undefined;
  triggerClassName: string | undefined;
  describedBy: string | undefined;
}) {
  const select = useSelectContext();
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !select.open) return;
    event.preventDefault();
    select.setOpen(false);
  };
  const onTriggerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    closeOnEscape(event);
    if (event.defaultPrevented || !select.open || !handedKey(event)) return;
    const menu = document.getElementById(event.currentTarget.getAttribute('aria-controls') ?? '');
    if (!menu) return;
    event.preventDefault();
    menu.focus({ preventScroll: true });
    const { key, code, altKey, ctrlKey, metaKey, shiftKey } = event;
    menu.dispatchEvent(
      new window.KeyboardEvent('keydown', {
        key,
        code,
        altKey,
        ctrlKey,
        metaKey,
        shiftKey,
        bubbles: true,
        cancelable: true,
      }),
    );
  };
  return (
    <>
      <Select.Control>
        <Select.Trigger
          className={triggerClassName ? `${trigger} ${triggerClassName}` : trigger}
          aria-describedby={describedBy}
          onKeyDown={onTriggerKeyDown}
        >
          <Select.ValueText placeholder={placeholder ?? 'Choose'} />
          <Select.Indicator aria-hidden>▾</Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content className={content} onKeyDown={closeOnEscape}>
          <SelectItems items={items} />
        </Select.Content>
      </Select.Positioner>
    </>
  );
}

function ArkSelectField({
  id,
  label,
  value,
  options,
  placeholder,
  onValue,
  disabled,
  error,
  triggerClassName,
  started,
}: Omit<SelectFieldProps, 'startOnUse'> & { started: Started }) {
  const collection = useMemo(
    () =>
      createListCollection({ items: placeholder ? [{ value: NONE, label: placeholder }, ...options] : [...options] }),
    [options, placeholder],
  );
  // The stand-in's use handed on, once Ark's machine has started (in the Root's layout effect, before this one).
  const handedOn = useRef(started);
  useEffect(() => {
    const use = handedOn.current;
    // Handed on once: React's development StrictMode runs this effect twice, and a second click closed the menu.
    handedOn.current = {};
    const el = document.getElementById(triggerId(id));
    if (!el || !(use.focus || use.click || use.key)) return;
    el.focus({ preventScroll: true });
    if (use.click) el.click();
    else if (use.key) el.dispatchEvent(new KeyboardEvent('keydown', { ...use.key, bubbles: true, cancelable: true }));
  }, [id]);
  const errorId = `${id}-error`;
  return (
    <Select.Root
      ids={{ root: id, trigger: triggerId(id), label: labelId(id) }}
      className={fieldBox}
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(d) => onValue(d.value[0] === NONE ? '' : (d.value[0] ?? ''))}
      positioning={{ sameWidth: true, strategy: 'fixed' }}
      disabled={disabled}
      invalid={error ? true : undefined}
      lazyMount
      unmountOnExit
    >
      <Select.Label className={labelText}>{label}</Select.Label>
      <SelectParts
        items={collection.items}
        placeholder={placeholder}
        triggerClassName={triggerClassName}
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <span id={errorId} className={errorText}>
          {error}
        </span>
      ) : null}
    </Select.Root>
  );
}
