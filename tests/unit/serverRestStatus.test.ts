/**
 * PostgREST's HTTP status for a SQLSTATE (server/data/rest.ts `statusForSqlState`), as
 * docs.postgrest.org ("Errors") lists them: what a client sees when a sync call fails in SQL.
 */
import { describe, expect, it } from 'vitest';
import { statusForSqlState } from '../../server/data/rest.ts';

describe('statusForSqlState', () => {
  it('insufficient privilege is 401 without an account, 403 with one', () => {
    expect(statusForSqlState('42501', true)).toBe(401);
    expect(statusForSqlState('42501', false)).toBe(403);
  });

  it.each([
    ['23503', 409],
    ['23505', 409],
    ['25006', 405],
    ['42883', 404],
    ['42P01', 404],
    ['P0001', 400],
    ['08000', 503],
    ['08006', 503],
    ['53000', 503],
    ['53300', 503],
    ['0L000', 403],
    ['0P000', 403],
    ['28000', 403],
    ['28P01', 403],
    ['09000', 500],
    ['25000', 500],
    ['2D000', 500],
    ['38000', 500],
    ['39000', 500],
    ['3B000', 500],
    ['40001', 500],
    ['54000', 500],
    ['55000', 500],
    ['57014', 500],
    ['58030', 500],
    ['F0000', 500],
    ['HV000', 500],
    ['P0002', 500],
    ['XX000', 500],
    ['42P17', 500],
    ['', 500],
    ['22001', 400],
    ['23514', 400],
    ['42601', 400],
    ['22P02', 400],
    // Only the code's start counts for the classes: a class letter later in the code does not.
    ['X0800', 400],
    ['A5300', 400],
    ['A0L00', 400],
    ['A2800', 400],
    ['A0900', 400],
    ['AXX00', 400],
  ])('%j is %i', (code, status) => {
    expect(statusForSqlState(code, false)).toBe(status);
    expect(statusForSqlState(code, true)).toBe(status);
  });

  it('no code at all is a server error', () => {
    expect(statusForSqlState(null, false)).toBe(500);
  });
});
