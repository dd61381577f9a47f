import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, PHONE_MESSAGE, employeeForm, supplierForm } from '../../src/domain/inventoryRecords';
import type { Employee, Supplier } from '../../src/storage/schemas';

const supplier = (over: Partial<Supplier> = {}): Supplier => ({
  supplierID: 'S1',
  supplierName: 'Acme Foods',
  email: 'orders@acme.ca',
  phone: '604 555 0100',
  contractStatus: 'active',
  startDate: '2025-01-01',
  endDate: '2026-01-01',
  ...over,
});
const supplierDraft = (over: Record<string, string> = {}) => ({
  ...supplierForm.empty(),
  supplierName: 'Bolt Produce',
  ...over,
});
const employeeDraft = (over: Record<string, string> = {}) => ({
  ...employeeForm.empty(),
  firstName: 'Priya',
  lastName: 'Shah',
  ...over,
});

describe('empty forms', () => {
  it('a new supplier form is blank and active', () => {
    expect(supplierForm.empty()).toEqual({
      supplierID: '',
      supplierName: '',
      email: '',
      phone: '',
      contractStatus: 'active',
      startDate: '',
      endDate: '',
    });
  });

  it('a new employee form is blank and full-time', () => {
    expect(employeeForm.empty()).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      role: '',
      phone: '',
      fullTimePartTime: 'fulltime',
      department: '',
      startDate: '',
      // Issue 21: optional, empty means none.
      hourlyRate: '',
    });
  });
});

describe('e-mail and phone (both forms)', () => {
  it.each(['a@b.ca', ' name@example.com ', 'first.last@mail.example.org'])('"%s" is a valid e-mail', (email) => {
    expect(supplierForm.validate(supplierDraft({ email }))).toEqual({});
    expect(employeeForm.validate(employeeDraft({ email }))).toEqual({});
  });

  it.each(['x', 'a@b', 'a@b@c.de', 'a@b.c@', '@b.ca', 'a@.ca', 'a@b.', 'a b@c.de', 'ab@cd.ef gh'])(
    '"%s" is refused with the e-mail message',
    (email) => {
      expect(supplierForm.validate(supplierDraft({ email }))).toEqual({ email: EMAIL_MESSAGE });
      expect(employeeForm.validate(employeeDraft({ email }))).toEqual({ email: EMAIL_MESSAGE });
    },
  );

  it.each(['5', '604 555 0100', ' +1 (604) 555-0100 ', '(604)5550100', '+16045550100'])(
    '"%s" is a valid phone',
    (phone) => {
      expect(supplierForm.validate(supplierDraft({ phone }))).toEqual({});
      expect(employeeForm.validate(employeeDraft({ phone }))).toEqual({});
    },
  );

  it.each(['abc', '+', '()-', '++1', '1+2', 'a1', '1a', '604.555.0100', 'call 604'])(
    '"%s" is refused with the phone message',
    (phone) => {
      expect(supplierForm.validate(supplierDraft({ phone }))).toEqual({ phone: PHONE_MESSAGE });
      expect(employeeForm.validate(employeeDraft({ phone }))).toEqual({ phone: PHONE_MESSAGE });
    },
  );

  it('blank or whitespace-only e-mail and phone are allowed (both optional)', () => {
    expect(supplierForm.validate(supplierDraft({ email: '   ', phone: '  ' }))).toEqual({});
    expect(employeeForm.validate(employeeDraft({ email: ' ', phone: ' ' }))).toEqual({});
  });

  it('the messages are the spec wording', () => {
    expect(EMAIL_MESSAGE).toBe('Enter an e-mail address like name@example.com.');
    expect(PHONE_MESSAGE).toBe('Use digits; spaces, +, - and parentheses are allowed.');
  });
});

describe('supplier validation', () => {
  it('a blank or whitespace-only name is refused', () => {
    expect(supplierForm.validate(supplierDraft({ supplierName: '  ' }))).toEqual({
      supplierName: 'Supplier name is required.',
    });
    expect(supplierForm.validate(supplierDraft())).toEqual({});
  });

  it('an id another supplier has is refused, naming that supplier; the id is compared trimmed', () => {
    expect(
      supplierForm.validate(supplierDraft({ supplierID: ' S1 ' }), [supplier({ supplierID: 'S2' }), supplier()]),
    ).toEqual({
      supplierID: 'Supplier ID S1 is already used by Acme Foods. Choose another ID.',
    });
    expect(supplierForm.validate(supplierDraft({ supplierID: 'S3' }), [supplier()])).toEqual({});
  });

  it('a taken id whose owner has no name says "another supplier"', () => {
    expect(
      supplierForm.validate(supplierDraft({ supplierID: 'S1' }), [supplier({ supplierName: '' })]).supplierID,
    ).toBe('Supplier ID S1 is already used by another supplier. Choose another ID.');
  });

  it('a blank id is never "taken", even by a stored supplier with a blank id', () => {
    expect(supplierForm.validate(supplierDraft({ supplierID: '  ' }), [supplier({ supplierID: '' })])).toEqual({});
  });

  it('without a list of others nothing is taken', () => {
    expect(supplierForm.validate(supplierDraft({ supplierID: 'Stryker was here' }))).toEqual({});
  });

  it('the contract end date may not be before its start; equal or missing dates are fine', () => {
    const message = 'The contract end date cannot be before its start date.';
    expect(supplierForm.validate(supplierDraft({ startDate: '2025-01-02', endDate: '2025-01-01' }))).toEqual({
      endDate: message,
    });
    expect(supplierForm.validate(supplierDraft({ startDate: '2025-01-02', endDate: '2025-01-02' }))).toEqual({});
    expect(supplierForm.validate(supplierDraft({ startDate: '2025-01-02', endDate: '2025-01-03' }))).toEqual({});
    expect(supplierForm.validate(supplierDraft({ startDate: '', endDate: '2025-01-01' }))).toEqual({});
    expect(supplierForm.validate(supplierDraft({ startDate: '2025-01-02', endDate: '' }))).toEqual({});
  });
});

describe('supplier name warning', () => {
  it('a name another supplier has (any case, spaces around) warns but does not block', () => {
    expect(
      supplierForm.warn!(supplierDraft({ supplierName: ' ACME foods ' }), [supplier({ supplierName: ' Acme Foods ' })]),
    ).toEqual({
      supplierName: 'Another supplier is already called  Acme Foods  (Supplier ID S1). You can still save it.',
    });
  });

  it('a blank name warns of nothing, even when a stored supplier has a blank name', () => {
    expect(supplierForm.warn!(supplierDraft({ supplierName: ' ' }), [supplier({ supplierName: '' })])).toEqual({});
  });

  it('a new name warns of nothing', () => {
    expect(supplierForm.warn!(supplierDraft({ supplierName: 'Bolt' }), [supplier()])).toEqual({});
  });
});

describe('supplier record from the form', () => {
  it('text is saved trimmed, dates as entered', () => {
    const record = supplierForm.toRecord(
      {
        supplierID: ' S9 ',
        supplierName: ' Bolt Produce ',
        email: ' a@b.ca ',
        phone: ' 555 ',
        contractStatus: 'active',
        startDate: '2025-01-01',
        endDate: '2025-12-31',
      },
      undefined,
      1,
    );
    expect(record).toEqual({
      supplierID: 'S9',
      supplierName: 'Bolt Produce',
      email: 'a@b.ca',
      phone: '555',
      contractStatus: 'active',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
  });

  it('contract status is inactive only when chosen; anything else is active', () => {
    expect(supplierForm.toRecord(supplierDraft({ contractStatus: 'inactive' }), undefined, 1).contractStatus).toBe(
      'inactive',
    );
    expect(supplierForm.toRecord(supplierDraft({ contractStatus: 'active' }), undefined, 1).contractStatus).toBe(
      'active',
    );
    expect(supplierForm.toRecord(supplierDraft({ contractStatus: 'paused' }), undefined, 1).contractStatus).toBe(
      'active',
    );
  });

  it('a blank id keeps the previous id when editing', () => {
    const previous: Supplier = { ...supplier({ supplierID: 'S1' }), rev: 3 };
    const record = supplierForm.toRecord(supplierDraft({ supplierID: ' ' }), previous, 1);
    expect(record.supplierID).toBe('S1');
    expect(record.rev).toBe(3);
  });

  it('a blank id on a new supplier gets a generated id: S, the time, four random characters', () => {
    expect(supplierForm.toRecord(supplierDraft({ supplierID: '' }), undefined, 1234).supplierID).toMatch(
      /^S1234[0-9a-z]{4}$/,
    );
  });

  it('the form shows a stored supplier field by field; the key is its id', () => {
    const stored = supplier({ contractStatus: 'inactive' });
    expect(supplierForm.toDraft({ ...stored, rev: 1 })).toEqual({
      supplierID: 'S1',
      supplierName: 'Acme Foods',
      email: 'orders@acme.ca',
      phone: '604 555 0100',
      contractStatus: 'inactive',
      startDate: '2025-01-01',
      endDate: '2026-01-01',
    });
    expect(supplierForm.key(stored)).toBe('S1');
  });
});

describe('employee validation', () => {
  it('first and last name are required (whitespace is blank)', () => {
    expect(employeeForm.validate(employeeDraft({ firstName: '  ' }))).toEqual({ firstName: 'First name is required.' });
    expect(employeeForm.validate(employeeDraft({ lastName: ' ' }))).toEqual({ lastName: 'Last name is required.' });
    expect(employeeForm.validate(employeeDraft())).toEqual({});
  });
});

describe('employee record from the form', () => {
  const draft = {
    firstName: ' Priya ',
    lastName: ' Shah ',
    email: ' p@x.ca ',
    role: ' Chef ',
    phone: ' 555 ',
    fullTimePartTime: 'fulltime',
    department: ' Kitchen ',
    startDate: '2025-03-01',
  };

  it('text is saved trimmed; a new employee gets a generated id: E, the time, four random characters', () => {
    const record = employeeForm.toRecord(draft, undefined, 77);
    expect(record).toEqual({
      id: expect.stringMatching(/^E77[0-9a-z]{4}$/),
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'p@x.ca',
      role: 'Chef',
      phone: '555',
      fullTimePartTime: 'fulltime',
      department: 'Kitchen',
      startDate: '2025-03-01',
    });
  });

  it('an edited employee keeps its id', () => {
    expect(employeeForm.toRecord(draft, { ...employeeForm.toRecord(draft, undefined, 1), id: 'E-kept' }, 2).id).toBe(
      'E-kept',
    );
  });

  it('part-time only when chosen; anything else is full-time', () => {
    expect(employeeForm.toRecord({ ...draft, fullTimePartTime: 'parttime' }, undefined, 1).fullTimePartTime).toBe(
      'parttime',
    );
    expect(employeeForm.toRecord({ ...draft, fullTimePartTime: 'fulltime' }, undefined, 1).fullTimePartTime).toBe(
      'fulltime',
    );
    expect(employeeForm.toRecord({ ...draft, fullTimePartTime: 'casual' }, undefined, 1).fullTimePartTime).toBe(
      'fulltime',
    );
  });

  it('the form shows a stored employee field by field', () => {
    const stored: Employee = {
      id: 'E1',
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'p@x.ca',
      role: 'Chef',
      phone: '555',
      fullTimePartTime: 'parttime',
      department: 'Kitchen',
      startDate: '2025-03-01',
    };
    expect(employeeForm.toDraft({ ...stored, rev: 1 })).toEqual({
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'p@x.ca',
      role: 'Chef',
      phone: '555',
      fullTimePartTime: 'parttime',
      department: 'Kitchen',
      startDate: '2025-03-01',
      // Issue 21: no rate stored, none shown.
      hourlyRate: '',
    });
  });

  it('the key is the id, or name, e-mail and start date for an old record without one', () => {
    const stored: Employee = {
      id: 'E1',
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'p@x.ca',
      role: 'Chef',
      phone: '555',
      fullTimePartTime: 'parttime',
      department: 'Kitchen',
      startDate: '2025-03-01',
    };
    expect(employeeForm.key(stored)).toBe('E1');
    expect(employeeForm.key({ ...stored, id: undefined })).toBe('Priya|Shah|p@x.ca|2025-03-01');
  });
});
