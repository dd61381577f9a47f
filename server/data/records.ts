/**
 * Checks of pushed records by collection, with the app's own record schemas (src/storage/schemas.ts)
 * and the readers of the fields later issues added (src/domain): the embedded server refuses a record
 * the app could not read back, or whose added fields (an event's status and payments, the business
 * profile) the app would read as something else than what was sent. The SQL function checks the rest
 * (collection names, the id the row names, sizes) on every database, hosted Supabase included.
 *
 * Every key the client syncs (src/storage/syncData.ts `isSyncedKey`) has its check here; a test
 * (tests/server/syncRecords.test.ts) fails when one is missing.
 */
import { z } from 'zod/mini';
import { normalizeProfile, profileFields, profileToDraft, validateProfile } from '../../src/domain/businessProfile.ts';
import { eventStatuses } from '../../src/domain/eventStatus.ts';
import { depositDueDateOf, paymentMethods, paymentsOf } from '../../src/domain/payments.ts';
import { formatDocumentNumber, normalizeDocuments, type IssuedDocument } from '../../src/domain/invoice.ts';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  selectedItemSchema,
  staffAssignmentSchema,
  supplierSchema,
} from '../../src/storage/schemas.ts';

const finite = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const deletedEventIdSchema = z.looseObject({ id: z.int() });
const valueSchema = z.looseObject({ value: finite });
const profileValueSchema = z.looseObject({ value: z.looseObject({ businessName: z.string() }) });
// Issue 22's money side (docs/sync.md "Collections"): a customer, an issued quote or invoice, a number counter.
const customerSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});
const documentKind = z.enum(['quote', 'invoice']);
const positive = z.int().check(z.positive());
const year = z.int().check(z.gte(1000), z.lte(9999));
const issuedDocumentSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  kind: documentKind,
  eventId: z.int(),
  eventName: z.string(),
  year,
  sequence: positive,
  revision: positive,
  number: z.string(),
  issuedAt: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  snapshot: z.looseObject({ lines: z.array(z.looseObject({})), totalCents: z.int() }),
  // The number it was issued as before two revisions met with one number (issue 24): a number of its kind.
  issuedAs: z.optional(z.string().check(z.regex(/^(Q|INV)-\d{4}-\d{4,}(-\d+)?$/))),
});
const documentCounterSchema = z.looseObject({ id: z.string(), kind: documentKind, year, last: positive });

/** The schema of a collection's records (collection = the app's localStorage key), or null for an unknown one. */
export function schemaFor(collection: string): z.ZodMiniType | null {
  switch (collection) {
    case 'inventoryItems':
      return inventoryItemSchema;
    case 'suppliers':
      return supplierSchema;
    case 'employees':
      return employeeSchema;
    case 'events':
      return eventSchema;
    case 'selectedItems':
      return selectedItemSchema;
    case 'deletedEventIds':
      return deletedEventIdSchema;
    case 'businessProfile':
      return profileValueSchema;
    case 'customers':
      return customerSchema;
    case 'issuedDocuments':
      return issuedDocumentSchema;
    case 'documentNumbers':
      return documentCounterSchema;
  }
  if (/^ingredientList-\d{1,15}$/.test(collection)) return chosenIngredientSchema;
  if (/^staffList-\d{1,15}$/.test(collection)) return staffAssignmentSchema;
  if (/^\d{1,15}-(discountPercentage|taxPercentage)$/.test(collection)) return valueSchema;
  return null;
}

type Fields = Record<string, unknown>;

/**
 * An event's fields of issue 22 (status, cancellation reason, deposit date, payments): absent is fine
 * (earlier builds have none), present must be what the app's readers read back unchanged.
 */
function eventFieldsProblem(event: Fields): string | null {
  if ('status' in event && !(eventStatuses as readonly unknown[]).includes(event.status))
    return `status: must be one of ${eventStatuses.join(', ')}`;
  if ('statusReason' in event && typeof event.statusReason !== 'string') return 'statusReason: must be text';
  if ('confirmedWithoutDeposit' in event && typeof event.confirmedWithoutDeposit !== 'boolean')
    return 'confirmedWithoutDeposit: must be true or false';
  if ('depositDueDate' in event && event.depositDueDate !== '' && depositDueDateOf(event) !== event.depositDueDate)
    return 'depositDueDate: must be a date (YYYY-MM-DD) or empty';
  if ('payments' in event) {
    if (!Array.isArray(event.payments)) return 'payments: must be a list of payments';
    for (const [index, payment] of event.payments.entries()) {
      if (paymentsOf({ payments: [payment] }).length !== 1)
        return `payments.${index}: must be a payment with an id, a finite amount and a date`;
      const { method } = payment as Fields;
      if (method !== undefined && !(paymentMethods as readonly unknown[]).includes(method))
        return `payments.${index}.method: must be one of ${paymentMethods.join(', ')}`;
    }
  }
  return null;
}

/** The business profile (its `value`): typed as the app stores it and passing the Settings form's checks. */
function profileProblem(profile: Fields): string | null {
  const read = normalizeProfile(profile);
  if (!read) return 'value.businessName: must be text';
  for (const field of [...profileFields, 'updatedAt'] as const) {
    if (!(field in profile)) continue;
    const expected = typeof read[field];
    if (typeof profile[field] !== expected || (expected === 'number' && !Number.isFinite(profile[field])))
      return `value.${field}: must be ${expected === 'number' ? 'a finite number' : 'text'}`;
  }
  const errors = validateProfile(profileToDraft(read));
  const field = profileFields.find((f) => errors[f]);
  return field ? `value.${field}: ${errors[field]}` : null;
}

/** An issued quote or invoice: what the register reads back, numbered as the app numbers it. */
function issuedDocumentProblem(doc: Fields): string | null {
  if (normalizeDocuments([doc])?.length !== 1) return 'record: must be an issued quote or invoice';
  const { kind, year: y, sequence, revision, number } = doc as unknown as IssuedDocument;
  const expected = formatDocumentNumber(kind, y, sequence, revision);
  if (number !== expected) return `number: must be ${expected} (its kind, year, sequence and revision)`;
  if (!Number.isFinite(Date.parse(`${String(doc.issuedAt)}T00:00:00Z`))) return 'issuedAt: must be a date (YYYY-MM-DD)';
  return null;
}

/**
 * How deep a record may nest. The app's own records nest a few levels; a record nested thousands of levels
 * deep was accepted once and then broke every pull of its account (JSON.stringify ran out of stack sending it
 * back), so a deeper one is refused: what the server stores, it can always send back.
 */
export const MAX_RECORD_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `limit` levels deep (without recursion, so any depth is safe to ask). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  // Objects and arrays only, each with its level (1 for the outermost), in two stacks: no pair per value,
  // since the server asks this of every pushed change (29,000 in a first sync).
  const containers: object[] = [value];
  const levels: number[] = [1];
  while (containers.length) {
    const v = containers.pop()!;
    const level = levels.pop()!;
    if (level > limit) return true;
    for (const child of Array.isArray(v) ? (v as unknown[]) : Object.values(v))
      if (typeof child === 'object' && child !== null) {
        containers.push(child);
        levels.push(level + 1);
      }
  }
  return false;
}

/** Why a pushed record does not fit its collection's schema, or null when it does (or is left to SQL). */
export function recordSchemaProblem(collection: unknown, record: unknown): string | null {
  if (typeof collection !== 'string') return null;
  if (nestedDeeperThan(record, MAX_RECORD_DEPTH))
    return `${collection} record is nested more than ${MAX_RECORD_DEPTH} levels deep`;
  const schema = schemaFor(collection);
  if (!schema || typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const problem = (detail: string) => `${collection} record does not match the app's schema: ${detail}`;
  const parsed = schema.safeParse(record);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const path = first?.path.length ? first.path.join('.') : 'record';
    return problem(`${path}: ${first?.message ?? 'invalid'}`);
  }
  const fields = record as Fields;
  const extra =
    collection === 'events'
      ? eventFieldsProblem(fields)
      : collection === 'businessProfile'
        ? profileProblem((record as { value: Fields }).value)
        : collection === 'issuedDocuments'
          ? issuedDocumentProblem(fields)
          : collection === 'documentNumbers' && fields.id !== `${String(fields.kind)}-${String(fields.year)}`
            ? `id: must be "${String(fields.kind)}-${String(fields.year)}" (its kind and year)`
            : null;
  return extra ? problem(extra) : null;
}
