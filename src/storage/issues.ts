/**
 * Why a stored value failed its schema, in words a person can act on
 * ('costPerUnit: expected a number, found the text "three"'); zod/mini's own message is only "Invalid input".
 */
import type { SchemaIssue } from './store';

const expectedWords: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a record',
};

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : String(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a record';
  return String(value);
}

function at(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/**
 * The reason a value failed its schema, as field path and a message a person can act on
 * ('costPerUnit: expected a number, found the text "three"'). `value` is what was checked.
 */
export function describeIssues(error: { issues: ReadonlyArray<SchemaIssue> } | undefined, value?: unknown): string {
  const issue = error?.issues[0];
  if (!issue) return 'does not have the expected shape';
  const path = issue.path.map(String).join('.') || 'value';
  const found = describeValue(at(value, issue.path));
  let message = issue.message;
  if (issue.code === 'invalid_type' && issue.expected)
    message = `expected ${expectedWords[issue.expected] ?? issue.expected}, found ${found}`;
  else if (issue.code === 'invalid_value' && issue.values)
    message = `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, found ${found}`;
  else if (message === 'Invalid input') message = `is not valid (found ${found})`;
  return `${path}: ${message}`;
}
