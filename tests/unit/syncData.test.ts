// @vitest-environment jsdom
/**
 * This browser's side of sync (src/storage/syncData.ts) for the keys later issues added: the business
 * profile (issue 22) and the staff lists (issue 21) are read as records and written back from a pull.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readSyncSnapshot, writeSyncChanges } from '../../src/storage/syncData';

const profile = {
  businessName: 'Captain Catering',
  address: '',
  phone: '',
  email: '',
  taxNumber: '',
  taxName: 'HST',
  logo: '',
  depositPercent: 50,
  balanceDays: 7,
  paymentTerms: '',
  updatedAt: 1,
};
const assignment = { id: 'A1', employeeId: 'E1', name: 'Ana', role: 'Chef', shiftStart: '16:00', shiftEnd: '23:00' };

describe('sync of the business profile and staff lists', () => {
  beforeEach(() => localStorage.clear());

  it('reads the saved profile as the record "value" of businessProfile, and staff by assignment id', () => {
    expect(readSyncSnapshot().has('businessProfile')).toBe(false);
    localStorage.setItem('businessProfile', JSON.stringify(profile));
    localStorage.setItem('staffList-7', JSON.stringify([assignment]));
    const snapshot = readSyncSnapshot();
    expect(snapshot.get('businessProfile')).toEqual(new Map([['value', { value: profile }]]));
    expect([...snapshot.get('staffList-7')!.keys()]).toEqual(['A1']);
  });

  it('writes a pulled profile as the account holds it, and a tombstone removes it', () => {
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: { value: profile } }]);
    expect(JSON.parse(localStorage.getItem('businessProfile')!)).toEqual(profile);
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: null }]);
    expect(localStorage.getItem('businessProfile')).toBeNull();
  });

  it('keeps this device’s profile when a pulled one cannot be read', () => {
    localStorage.setItem('businessProfile', JSON.stringify(profile));
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: { value: 'not a profile' } }]);
    expect(JSON.parse(localStorage.getItem('businessProfile')!)).toEqual(profile);
  });
});
