/** Form pieces shared by every page: labelled text fields and an Ark UI Select whose menu is capped at 200px (spec section 9). */
import { createListCollection, Select } from '@ark-ui/react/select';
import { memo, useMemo, type InputHTMLAttributes } from 'react';
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

/**
 * A single-choice dropdown (Ark UI Select, which owns keyboard and focus). `placeholder`, when given,
 * is also an option that clears the choice (the spec's 'Select a Supplier', 'Select Category').
 * `error` shows a message under it and marks the trigger invalid; `triggerClassName` matches the
 * trigger to the inputs around it.
 */
export const SelectField = memo(function SelectField({
  id,
  label,
  value,
  options,
  placeholder,
  onValue,
  disabled,
  error,
  triggerClassName,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly Option[];
  placeholder?: string;
  onValue: (value: string) => void;
  disabled?: boolean;
  error?: string;
  triggerClassName?: string;
}) {
  const collection = useMemo(
    () =>
      createListCollection({ items: placeholder ? [{ value: NONE, label: placeholder }, ...options] : [...options] }),
    [options, placeholder],
  );
  const errorId = `${id}-error`;
  return (
    <Select.Root
      ids={{ root: id, trigger: `${id}-trigger`, label: `${id}-label` }}
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
      <Select.Control>
        <Select.Trigger
          className={triggerClassName ? `${trigger} ${triggerClassName}` : trigger}
          aria-describedby={error ? errorId : undefined}
        >
          <Select.ValueText placeholder={placeholder ?? 'Choose'} />
          <Select.Indicator aria-hidden>▾</Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content className={content}>
          <SelectItems items={collection.items} />
        </Select.Content>
      </Select.Positioner>
      {error ? (
        <span id={errorId} className={errorText}>
          {error}
        </span>
      ) : null}
    </Select.Root>
  );
});
