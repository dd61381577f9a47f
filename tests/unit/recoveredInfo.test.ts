import { describe, expect, it } from 'vitest';
import { discardedTitle, entryLabel, putBackTitle, recordNameOf, recoveredFileName, sizeLabel, whatItIs } from '../../src/domain/recoveredInfo';

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
    expect(entryLabel({ key: 'inventoryItems', index: 1, text: '{"name":"Butter"}', time })).toBe('An inventory item: Butter');
    expect(entryLabel({ key: '4-discountPercentage', index: null, text: '{"name":"x"}', time })).toBe('Discount of event 4');
    expect(sizeLabel('é')).toBe('2 bytes');
    expect(sizeLabel('x'.repeat(2048))).toBe('2.0 KB');
    expect(recoveredFileName({ key: 'events', index: 1, text: '{}', time })).toBe('recovered-events-2026-11-23.json');
    expect(recoveredFileName({ key: '4-taxPercentage', index: null, text: 'ten', time })).toBe('recovered-4-taxPercentage-2026-11-23.txt');
  });

  it('words the toasts', () => {
    expect(putBackTitle({ key: 'events', index: 0, text: '', time }, { added: 1, skipped: 0, replaced: false })).toBe('An event was put back');
    expect(putBackTitle({ key: 'inventoryItems', index: null, text: '', time }, { added: 2, skipped: 1, replaced: false })).toBe(
      'The whole list of inventory items was put back: 2 added, 1 already there was skipped',
    );
    expect(discardedTitle({ key: '4-discountPercentage', index: null, text: '', time })).toBe('Discount of event 4 was discarded');
  });
});
