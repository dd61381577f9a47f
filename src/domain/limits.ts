/**
 * Sane values (issue 11, part 6): the ceilings and the one check every form uses, so the event form,
 * the inventory add form and Edit Item dialog, and the Tool Kit's lines refuse the same things with
 * the same words. Pure; unit-tested in tests/unit/limits.test.ts.
 */
import { fromISODate, toISODate } from './eventDates';
import { formatGrouped } from './numberFormat';

/** Number of guests: a whole number from 0 to this. */
export const MAX_GUESTS = 100_000;
/** The event form's floor for guests (clarifications.md: a whole number >= 1); the Tool Kit may use 0. */
export const MIN_GUESTS = 1;
/** Quantities (on hand, re-order level, a line's quantity, amount per unit). */
export const MAX_QUANTITY = 1_000_000;
/** Any one price or cost, in dollars. */
export const MAX_MONEY = 10_000_000;
/** Discount and tax, in percent. */
export const MAX_PERCENT = 100;

/** The earliest date a record of money may carry (a payment dated 1900 is a typo). */
export const MIN_DATE = '2000-01-01';

/** The latest sane date: a year after `today` (the same day next year; 29 February goes to 1 March). */
export function latestDate(today: string): string {
  const date = fromISODate(today);
  if (!date) return today;
  return toISODate(new Date(date.getFullYear() + 1, date.getMonth(), date.getDate(), 12));
}

/**
 * A date within the sane range, from MIN_DATE to a year after `today` (a post-dated cheque is real; 2099 is a
 * typo): null when it is, else the message naming the field and the range. `date` is a real YYYY-MM-DD.
 */
export function checkDateRange(date: string, today: string, label: string): string | null {
  const latest = latestDate(today);
  if (date >= MIN_DATE && date <= latest) return null;
  return `${label} must be from ${MIN_DATE} to ${latest} (a year from today).`;
}

/** Next to every "Cost per Unit" field: what the unit is. */
export const COST_PER_UNIT_HINT = 'The cost of one package as you buy it (e.g. one 2 kg bag).';

/** Names and titles (an event, a customer, an item, a supplier...): characters. */
export const MAX_NAME_LENGTH = 200;
/** Longer text (a note, a menu item): characters. */
export const MAX_TEXT_LENGTH = 2000;

/** What a text field says once its value has reached its maximum length (typing or pasting more keeps only that much). */
export function lengthLimitMessage(label: string, max: number): string {
  return `${label} can be at most ${formatGrouped(max)} characters.`;
}

export interface AmountRule {
  /** The field's label as the user sees it ('Number of Guests'). */
  label: string;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** Empty text is allowed (read as no value). */
  optional?: boolean;
  /** The smallest allowed value (0 when absent). */
  min?: number;
}

/** Well-formed thousands groups: '1,000', '-1,250.00', '12,345,678.90' (a sign, 1 to 3 digits, then groups of 3). */
const groupedNumber = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;
/** A comma used as the decimal mark, as some locales write cents: '10,50', '1,5', '10,00'. */
const commaDecimal = /^[-+]?\d+,\d{1,2}$/;

/**
 * A typed number with its thousands separators taken out ('1,000.50' -> '1000.50'); text with no comma is
 * returned as it is, and null means the commas are not thousands groups ('1,00', '10,00', '1,0000').
 */
export function ungroupThousands(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.includes(',')) return trimmed;
  return groupedNumber.test(trimmed) ? trimmed.replace(/,/g, '') : null;
}

/**
 * Why commas were refused (`ungroupThousands` gave null): a comma typed for cents ('10,00' may mean 10.00 in a
 * comma-decimal locale) is told to use a point; other misplaced commas, where they go.
 */
export function misplacedCommaMessage(label: string, text: string, decimals: 'cents' | 'decimals' = 'cents'): string {
  return commaDecimal.test(text.trim())
    ? `${label}: use a point for ${decimals}, e.g. ${decimals === 'cents' ? '10.50' : '2.5'} (a comma only separates thousands, as in 1,000).`
    : `${label}: put commas only between groups of three digits, e.g. 1,000.50.`;
}

export type AmountCheck = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * `checkAmount` of a field read as typed (a text field: the browser's number input drops every comma, so '10,50'
 * became 1050): thousands separators are read ('1,250.50'), misplaced commas are refused by name ('cents' for
 * money, 'decimals' for quantities). The value is the number to store.
 */
export function checkTypedAmount(
  text: string,
  rule: AmountRule,
  decimals: 'cents' | 'decimals' = 'decimals',
): AmountCheck {
  const plain = ungroupThousands(text);
  return plain === null
    ? { ok: false, message: misplacedCommaMessage(rule.label, text, decimals) }
    : checkAmount(plain, rule);
}

/**
 * Reads a typed amount against a rule: finite, not negative, not above the ceiling, whole when asked.
 * The message names the field and says what is allowed ('Number of Guests must be a whole number from 0 to 100,000.').
 */
export function checkAmount(text: string | number, rule: AmountRule): AmountCheck {
  const trimmed = String(text).trim();
  const min = rule.min ?? 0;
  // Worded only for a message (issue 23): formatting the numbers took ~2 ms at 4x CPU per check.
  const wanted = () => {
    const range = `from ${formatGrouped(min)} to ${formatGrouped(rule.max)}`;
    return rule.integer ? `a whole number ${range}` : `a number ${range}`;
  };
  if (trimmed === '')
    return rule.optional
      ? { ok: true, value: null }
      : { ok: false, message: `${rule.label} is required: enter ${wanted()}.` };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, message: `${rule.label} must be ${wanted()}.` };
  if (value < 0) return { ok: false, message: `${rule.label} cannot be negative: enter ${wanted()}.` };
  if (value > rule.max) return { ok: false, message: `${rule.label} is too large: enter ${wanted()}.` };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, message: `${rule.label} must be ${wanted()}.` };
  if (value < min)
    return { ok: false, message: `${rule.label} must be at least ${formatGrouped(min)}: enter ${wanted()}.` };
  return { ok: true, value };
}
