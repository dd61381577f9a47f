import { describe, expect, it } from 'vitest';
import {
  discardedTitle,
  entryLabel,
  putBackTitle,
  recordNameOf,
  recoveredFileName,
  setAsideWhen,
  sizeLabel,
  whatItIs,
} from '../../src/domain/recoveredInfo';

const time = new Date(2026, 10, 23, 9, 30).getTime();

describe('recovered entries in caterer words', () => {
  it('names the record from its text', () => {
    expect(recordNameOf('{"EventName":"Gala","name":"x"}')).toBe('Gala');
    expect(recordNameOf('{"name":"Sugar"}')).toBe('Sugar');
    expect(recordNameOf('{"supplierName":"Mill Co"}')).toBe('Mill Co');
    expect(recordNameOf('{"firstName":"Ann","lastName":"Lee"}')).toBe('Ann Lee');
    expect(recordNameOf('{"id":1}')).toBeNull();
    expect(recordNameOf('{oops')).toBeNull();
    expect(recordNameOf('[{"name":"x"}]')).toBeNull();
  });

  it('says what it is, its size and its file name', () => {
    expect(whatItIs({ key: 'events', index: 2, text: '', time })).toBe('An event');
    expect(whatItIs({ key: '4-discountPercentage', index: null, text: '', time })).toBe('Discount of event 4');
    expect(whatItIs({ key: 'events', index: null, text: '', time })).toBe('The whole list of events');
    expect(entryLabel({ key: 'inventoryItems', index: 1, text: '{"name":"Butter"}', time })).toBe(
      'An inventory item: Butter',
    );
    expect(entryLabel({ key: '4-discountPercentage', index: null, text: '{"name":"x"}', time })).toBe(
      'Discount of event 4',
    );
    expect(sizeLabel('é')).toBe('2 bytes');
    expect(sizeLabel('x'.repeat(2048))).toBe('2.0 KB');
    expect(recoveredFileName({ key: 'events', index: 1, text: '{}', time })).toBe('recovered-events-2026-11-23.json');
    expect(recoveredFileName({ key: '4-taxPercentage', index: null, text: 'ten', time })).toBe(
      'recovered-4-taxPercentage-2026-11-23.txt',
    );
  });

  it('words the toasts', () => {
    expect(putBackTitle({ key: 'events', index: 0, text: '', time }, { added: 1, skipped: 0, replaced: false })).toBe(
      'An event was put back',
    );
    expect(
      putBackTitle({ key: 'inventoryItems', index: null, text: '', time }, { added: 2, skipped: 1, replaced: false }),
    ).toBe('The whole list of inventory items was put back: 2 added, 1 already there was skipped');
    expect(discardedTitle({ key: '4-discountPercentage', index: null, text: '', time })).toBe(
      'Discount of event 4 was discarded',
    );
  });
});

describe('record names: edges', () => {
  it('has no name for JSON null, a number or a text', () => {
    expect(recordNameOf('null')).toBeNull();
    expect(recordNameOf('42')).toBeNull();
    expect(recordNameOf('"Butter"')).toBeNull();
  });

  it('trims a name, and skips a blank one for the next field', () => {
    expect(recordNameOf('{"name":"  Sugar  "}')).toBe('Sugar');
    expect(recordNameOf('{"name":"   ","supplierName":"Mill Co"}')).toBe('Mill Co');
  });

  it('names a person by the first name alone when there is no last name, but not by a last name alone', () => {
    expect(recordNameOf('{"firstName":"Ann"}')).toBe('Ann');
    expect(recordNameOf('{"firstName":"Ann","lastName":"  "}')).toBe('Ann');
    expect(recordNameOf('{"lastName":"Lee"}')).toBeNull();
  });
});

describe('size, time and file name: edges', () => {
  const entry = (key: string, text = '{}', time = new Date(2026, 0, 5, 9, 30).getTime()) => ({
    key,
    index: null,
    text,
    time,
  });

  it('says "1 byte" for one byte, bytes up to 1023, KB from 1024', () => {
    expect(sizeLabel('x')).toBe('1 byte');
    expect(sizeLabel('')).toBe('0 bytes');
    expect(sizeLabel('x'.repeat(1023))).toBe('1023 bytes');
    expect(sizeLabel('x'.repeat(1024))).toBe('1.0 KB');
  });

  it('says "unknown time" for an entry without a time, else the local date and the time without seconds', () => {
    expect(setAsideWhen(0)).toBe('unknown time');
    const shown = setAsideWhen(new Date(2026, 10, 23, 9, 30, 45).getTime());
    expect(shown).toContain('2026');
    expect(shown).toContain('9:30');
    expect(shown).not.toContain('9:30:45');
    expect(shown).toBe(
      new Date(2026, 10, 23, 9, 30).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });

  it('pads month and day to two digits in the file name', () => {
    expect(recoveredFileName(entry('events'))).toBe('recovered-events-2026-01-05.json');
  });

  it('replaces each run of other characters in the key by one underscore, and names an empty key "value"', () => {
    expect(recoveredFileName(entry('sb auth::token.x'))).toBe('recovered-sb_auth_token_x-2026-01-05.json');
    expect(recoveredFileName(entry(''))).toBe('recovered-value-2026-01-05.json');
  });
});

describe('put-back toasts: every wording', () => {
  const record = { key: 'events', index: 0, text: '', time };
  const whole = { key: 'events', index: null, text: '', time };

  it('says a record was put back in place of the existing one when it replaced it', () => {
    expect(putBackTitle(record, { added: 0, skipped: 0, replaced: true })).toBe(
      'An event was put back in place of the existing one',
    );
  });

  it('counts what a whole list added, and the skipped ones only when there are some', () => {
    expect(putBackTitle(whole, { added: 2, skipped: 0, replaced: false })).toBe(
      'The whole list of events was put back: 2 added',
    );
    expect(putBackTitle(whole, { added: 0, skipped: 3, replaced: false })).toBe(
      'The whole list of events was put back: 0 added, 3 already there were skipped',
    );
  });

  it('gives no counts when a whole value added and skipped nothing', () => {
    expect(
      putBackTitle({ key: '4-taxPercentage', index: null, text: '', time }, { added: 0, skipped: 0, replaced: false }),
    ).toBe('Tax of event 4 was put back');
  });
});
