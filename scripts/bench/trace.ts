/**
 * One Chromium trace of some work, as the trace benches take it (calendarTrace.ts, eventsTrace.ts,
 * interactionTrace.ts, landingTrace.ts): the timeline and V8 categories (and `extra`: by default those
 * named in TRACE_CATEGORIES, comma-separated), reported as events, without sampling.
 */
import type { CDPSession } from '@playwright/test';

/** A Chrome trace event, with the fields the benches read. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string; frame?: string } };
}

/** The trace events of `work`, traced on `cdp` (categories: the timeline's, V8's, and `extra`). */
export async function traced(
  cdp: CDPSession,
  work: () => Promise<void>,
  extra: string[] = (process.env.TRACE_CATEGORIES ?? '').split(',').filter(Boolean),
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = ({ value }: { value: object[] }) => void events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        ...extra,
        '__metadata',
      ],
      enableSampling: false,
    },
  });
  await work();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}
