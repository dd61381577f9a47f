import { useSelector } from '@xstate/react';
import { useMemo, memo } from 'react';
import { samePanelProps } from './samePanelProps';
import { css } from 'styled-system/css';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { formatGrouped } from '../../domain/numberFormat';
import { connectStaff, type StaffRow, type StaffView } from '../../machines/toolkit/staff.connect';
import type { StaffDraft } from '../../machines/toolkit/staff.machine';
import { Button } from '../components/Button';
import { LengthLimit, warningText } from '../components/fields';
import { errorText, field, input, label, muted, panel, panelTitle, table } from '../events/styles';
import type { ToolkitActors } from '../../app/toolkit/useToolkitActors';

const formGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 2fr 1fr 1fr auto' },
  gap: '3',
  alignItems: 'end',
});

const rowWarning = css({ display: 'block', color: 'alertFg', fontSize: 'sm' });
// On a phone the shift goes under the name, so the table fits 320 px.
const wideOnly = css({ display: { base: 'none', sm: 'table-cell' } });
const phoneOnly = css({ display: { base: 'block', sm: 'none' }, fontSize: 'sm' });
type StaffDraftField = keyof StaffDraft;
const hoursAndCost = (row: StaffRow) => `${row.hours === null ? '—' : `${formatGrouped(row.hours)} h`} · ${row.cost}`;

const errorId = (field: StaffDraftField) => `staff-${field}-error`;

function FieldError({ field, view }: { field: StaffDraftField; view: StaffView }) {
  return view.draftErrorField === field ? (
    <span id={errorId(field)} role="alert" className={errorText}>
      {view.draftError}
    </span>
  ) : null;
}

/** aria-invalid and aria-describedby of a form control, with the ids it is already described by. */
const errorProps = (field: StaffDraftField, view: StaffView, describedBy: string[] = []) => {
  const invalid = view.draftErrorField === field;
  const ids = [...describedBy, invalid ? errorId(field) : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
};

function useStaff(ref: ToolkitActors['staff']) {
  const context = useSelector(ref, (s) => s.context);
  const noEmployees = useSelector(ref, (s) => s.hasTag('noEmployees'));
  return { ...useMemo(() => connectStaff(context, ref.send), [context, ref]), noEmployees };
}

function StaffPanelTool({ actors }: { actors: ToolkitActors }) {
  const s = useStaff(actors.staff);
  return (
    <section className={panel} aria-labelledby="staff-title">
      <h2 id="staff-title" className={panelTitle}>
        Staff
      </h2>
      {s.noEmployees ? (
        <p className={muted}>No employees yet: add them on the Employees page, then assign them here.</p>
      ) : (
        <form
          className={formGrid}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            s.assign();
          }}
        >
          <div className={field}>
            <label htmlFor="staff-employee" className={label}>
              Employee
            </label>
            <select
              id="staff-employee"
              className={input}
              value={s.draft.employeeId}
              {...errorProps('employeeId', s)}
              onChange={(e) => s.change('employeeId', e.target.value)}
            >
              <option value="">Choose an employee</option>
              {s.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldError field="employeeId" view={s} />
          </div>
          <div className={field}>
            <label htmlFor="staff-role" className={label}>
              Role at event
            </label>
            <input
              id="staff-role"
              className={input}
              value={s.draft.role}
              maxLength={MAX_NAME_LENGTH}
              {...errorProps('role', s, ['staff-role-limit'])}
              onChange={(e) => s.change('role', e.target.value)}
            />
            <LengthLimit id="staff-role-limit" label="Role at event" value={s.draft.role} max={MAX_NAME_LENGTH} />
            <FieldError field="role" view={s} />
          </div>
          <div className={field}>
            <label htmlFor="staff-start" className={label}>
              Shift start
            </label>
            <input
              id="staff-start"
              type="time"
              className={input}
              value={s.draft.shiftStart}
              {...errorProps('shiftStart', s)}
              onChange={(e) => s.change('shiftStart', e.target.value)}
            />
            <FieldError field="shiftStart" view={s} />
          </div>
          <div className={field}>
            <label htmlFor="staff-end" className={label}>
              Shift end
            </label>
            <input
              id="staff-end"
              type="time"
              className={input}
              value={s.draft.shiftEnd}
              {...errorProps('shiftEnd', s)}
              onChange={(e) => s.change('shiftEnd', e.target.value)}
            />
            <FieldError field="shiftEnd" view={s} />
          </div>
          <Button type="submit" variant="solidGreen">
            Assign
          </Button>
        </form>
      )}
      {s.draftWarning ? (
        <p role="status" className={warningText}>
          {s.draftWarning}. You can still assign them.
        </p>
      ) : null}
      {s.rows.length ? (
        <div className={css({ overflowX: 'auto', maxW: '100%' })}>
          <table className={table} aria-label="Staff on this event">
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col" className={wideOnly}>
                  Shift and cost
                </th>
                <th scope="col">
                  <span className={css({ srOnly: true })}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {s.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {row.name}
                    <span className={css({ display: 'block', color: 'fgMuted', fontSize: 'sm' })}>
                      {row.role || '(no role)'}
                    </span>
                    <span className={phoneOnly}>
                      {row.shift}, {hoursAndCost(row)}
                    </span>
                    {row.warning ? <span className={rowWarning}>{row.warning}</span> : null}
                  </td>
                  <td className={wideOnly}>
                    {row.shift}
                    <span className={css({ display: 'block', color: 'fgMuted', fontSize: 'sm' })}>
                      {hoursAndCost(row)}
                    </span>
                  </td>
                  <td className={css({ textAlign: 'right!' })}>
                    <Button
                      size="sm"
                      variant="outlineRed"
                      aria-label={`Remove ${row.name}`}
                      onClick={() => s.remove(row.id)}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={muted}>No staff on this event yet.</p>
      )}
      <p>
        <strong>Labour cost:</strong> {s.labourText}
        {s.labour.unrated ? (
          <span className={muted}> ({s.labour.unrated} without an hourly rate, counted at $0)</span>
        ) : null}
      </p>
    </section>
  );
}

/** Renders again only for its own actors' changes or another list to avoid (see samePanelProps). */
export const StaffPanel = memo(StaffPanelTool, samePanelProps);
