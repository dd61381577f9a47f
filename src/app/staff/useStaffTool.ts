/**
 * The Staff tool's actor of one open Tool Kit (issue 21), with its effects provided: the event's
 * `staffList-{id}` saved by assignment id and revision (a failed write kept and retried), another
 * tab's save, the employees and the other events' shifts followed as they change. Closing the Tool
 * Kit tells this tab's other views of the staff list (the event's costing) to read it again.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { sameSchedules } from '../../domain/staff';
import { staffMachine } from '../../machines/toolkit/staff.machine';
import { announceLocalChange, employeesStore, staffListStore, type CateringEvent } from '../../storage';
import { watchStaffLists } from '../../storage/staffLists';
import type { EventsRef } from '../events/useEventsActor';
import { createPersister } from '../shell/persister';
import { inspect } from '../../views/shell/inspector';
import { otherShifts } from './otherShifts';

export function useStaffTool(event: CateringEvent, eventsRef: EventsRef) {
  const id = event.id;
  // A new list only when another event's schedule changed (the shifts depend on nothing else of it).
  const events = useSelector(eventsRef, (s) => s.context.events, sameSchedules);
  const [start] = useState(() => {
    const assignments = staffListStore(id).read();
    return {
      assignments,
      employees: employeesStore.read(),
      others: otherShifts(eventsRef.getSnapshot().context.events, id),
      toMachine: { send: null as ((stored: typeof assignments) => void) | null },
      persister: createPersister(staffListStore(id), assignments, {
        label: `Staff of event ${id}`,
        onConflicts: (_, stored) => start.toMachine.send?.(stored),
      }),
    };
  });
  const ref = useActorRef(
    useState(() =>
      staffMachine.provide({
        actions: {
          persistStaff: ({ context, self }) => {
            start.toMachine.send = (stored) => self.send({ type: 'storage.change', assignments: stored });
            start.persister.save(context.assignments);
          },
        },
      }),
    )[0],
    {
      input: {
        event: {
          id,
          EventName: event.EventName,
          EventDate: event.EventDate,
          StartTime: event.StartTime,
          EndTime: event.EndTime,
        },
        assignments: start.assignments,
        employees: start.employees,
        others: start.others,
      },
      inspect,
    },
  );
  useEffect(() => () => start.persister.stop(), [start]);
  useEffect(() => {
    const stops = [
      staffListStore(id).subscribe((assignments) => {
        start.persister.rebase(assignments);
        ref.send({ type: 'storage.change', assignments });
      }),
      employeesStore.subscribe((employees) => ref.send({ type: 'employees.change', employees })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [id, ref, start]);
  useEffect(() => {
    // Read again when another event's schedule or a staff list changes (a note added elsewhere changes
    // nothing here: the same shifts come back, and nothing is sent). This first run also catches a staff
    // list another tab changed between the first read and now (its storage event moved the version on).
    let sent = start.others;
    const refresh = () => {
      const others = otherShifts(eventsRef.getSnapshot().context.events, id);
      if (others !== sent) ref.send({ type: 'shifts.change', others: (sent = others) });
    };
    refresh();
    return watchStaffLists(refresh);
  }, [events, id, ref, eventsRef, start]);
  useEffect(
    () =>
      ref.send({
        type: 'event.change',
        event: {
          id,
          EventName: event.EventName,
          EventDate: event.EventDate,
          StartTime: event.StartTime,
          EndTime: event.EndTime,
        },
      }),
    [ref, id, event.EventName, event.EventDate, event.StartTime, event.EndTime],
  );
  useEffect(() => () => announceLocalChange(staffListStore(id).key), [id]);
  return ref;
}

export type StaffRef = ReturnType<typeof useStaffTool>;
