import type { CDPSession, Page } from '@playwright/test';
import { jsSamples } from './trace-samples';

/*
 * bench:ui's breakdown of one action (issue 26 item 1): a Chromium trace (CDP Tracing,
 * `devtools.timeline`) recorded around the key, then the renderer main thread's time from the
 * key to the rows painted split into parts:
 *
 *   before the response  up to the list call's response end (or, without a call, nothing)
 *   script               JavaScript: event handlers, timers, microtasks, message tasks, rAF
 *   deopt                V8 throwing away optimised code mid-script (V8.DeoptimizeCode): a
 *                        path the JIT had no feedback for, then every frame of that function
 *                        on the stack (React's commit recurses once per tree level)
 *   style                style recalculation
 *   layout               layout and the layer/pre-paint updates that follow it
 *   paint                paint and the commit to the compositor
 *   other                inside a task but in none of the above (parsing the response, GC…)
 *   idle                 the main thread ran nothing: waiting for the network or the frame
 *
 * Each instant of the window counts once, for the innermost event covering it (a forced
 * layout inside a handler counts as layout, not script).
 */

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'toplevel',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

type Part = 'script' | 'deopt' | 'style' | 'layout' | 'paint' | 'other';
export const PARTS = [
  'beforeResponse',
  'script',
  'deopt',
  'style',
  'layout',
  'paint',
  'other',
  'idle',
] as const;
export type Breakdown = Record<(typeof PARTS)[number], number>;

/**
 * Where "other" ran, ms by source: the function that posted the task it ran in (Chromium's
 * `ThreadControllerImpl::RunTask` names it, e.g. ScheduledActionSendBeginMainFrame for a
 * frame, Notify for an IPC message), else the innermost event's name (a devtools RunTask
 * outside any such task, a microtask checkpoint).
 */
export type OtherSources = Record<string, number>;

/** JavaScript samples taken in "other", by "source · function file": counts. */
export type OtherFunctions = Record<string, number>;

const KIND: Record<string, Part> = {
  EventDispatch: 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.callFunction': 'script',
  'V8.Execute': 'script',
  XHRReadyStateChange: 'script',
  FireIdleCallback: 'script',
  'V8.DeoptimizeCode': 'deopt',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  UpdateLayer: 'layout',
  UpdateLayerTree: 'layout',
  PrePaint: 'layout',
  Layerize: 'layout',
  IntersectionObserverController: 'layout',
  Paint: 'paint',
  PaintImage: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
  MajorGC: 'other',
  MinorGC: 'other',
  'V8.GC_SCAVENGER': 'other',
  RunTask: 'other',
  'ThreadControllerImpl::RunTask': 'other',
};

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: Record<string, unknown>;
}

/** Starts tracing on the page's browser; `stop` answers the events. */
export async function startTrace(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
  return {
    async stop(): Promise<TraceEvent[]> {
      const done = new Promise<string>((resolve) =>
        cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)),
      );
      await cdp.send('Tracing.end');
      const stream = await done;
      let text = '';
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      await cdp.detach();
      const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
      return Array.isArray(parsed) ? parsed : parsed.traceEvents;
    },
  };
}

/**
 * The page's performance.now() of `mark` (a performance.mark made in the page while tracing)
 * against its trace time gives the offset between the two clocks (trace µs = (now + offset) × 1000).
 */
export function clockOffset(events: TraceEvent[], mark: string, markStartMs: number) {
  const event = events.find((e) => e.name === mark && e.cat.includes('blink.user_timing'));
  if (!event) throw new Error(`bench:ui trace: no user-timing event "${mark}" in the trace`);
  return { offsetMs: event.ts / 1000 - markStartMs, pid: event.pid, tid: event.tid };
}

/**
 * Splits [fromMs, toMs] (page clock) on the renderer main thread (pid, tid): the part before
 * `responseEndMs` is "before the response", the rest by the innermost event at each instant.
 */
export function breakdown(
  events: TraceEvent[],
  thread: { pid: number; tid: number; offsetMs: number },
  fromMs: number,
  toMs: number,
  responseEndMs: number | undefined,
): Breakdown & { otherBy: OtherSources; otherJs: OtherFunctions } {
  const toTrace = (ms: number) => (ms + thread.offsetMs) * 1000;
  const from = toTrace(fromMs);
  const to = toTrace(toMs);
  const split = responseEndMs === undefined ? from : Math.min(to, Math.max(from, toTrace(responseEndMs)));
  const spans = events
    .filter(
      (e) =>
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.ph === 'X' &&
        e.dur !== undefined &&
        KIND[e.name] !== undefined &&
        e.ts < to &&
        e.ts + e.dur > split,
    )
    .map((e) => ({ start: Math.max(split, e.ts), end: Math.min(to, e.ts + e.dur!), kind: KIND[e.name]! }));
  // Innermost wins: walk the boundaries, at each step the latest-starting open span covers it.
  const cuts = [...new Set([split, to, ...spans.flatMap((s) => [s.start, s.end])])]
    .filter((t) => t >= split && t <= to)
    .sort((a, b) => a - b);
  // Every complete event on the thread in the window, for naming what "other" is.
  const around = events.filter(
    (e) =>
      e.pid === thread.pid &&
      e.tid === thread.tid &&
      e.ph === 'X' &&
      e.dur !== undefined &&
      e.ts < to &&
      e.ts + e.dur > split,
  );
  const otherBy: OtherSources = {};
  const otherJs: OtherFunctions = {};
  const samples = jsSamples(events, thread.pid).filter((p) => p.ts >= split && p.ts < to);
  const out: Breakdown & { otherBy: OtherSources; otherJs: OtherFunctions } = {
    otherBy,
    otherJs,
    beforeResponse: (split - from) / 1000,
    script: 0,
    deopt: 0,
    style: 0,
    layout: 0,
    paint: 0,
    other: 0,
    idle: 0,
  };
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i]!;
    const b = cuts[i + 1]!;
    let best: (typeof spans)[number] | undefined;
    for (const s of spans)
      if (
        s.start <= a &&
        s.end >= b &&
        (!best || s.start > best.start || (s.start === best.start && s.end < best.end))
      )
        best = s;
    out[best ? best.kind : 'idle'] += (b - a) / 1000;
    if (best?.kind === 'other') {
      let inner: TraceEvent | undefined;
      let task: TraceEvent | undefined;
      for (const e of around)
        if (e.ts <= a && e.ts + e.dur! >= b) {
          if (!inner || e.ts > inner.ts || (e.ts === inner.ts && e.dur! < inner.dur!)) inner = e;
          if (e.name === 'ThreadControllerImpl::RunTask' && (!task || e.ts > task.ts)) task = e;
        }
      const source = (task?.args as { src_func?: string } | undefined)?.src_func ?? inner?.name ?? '?';
      otherBy[source] = (otherBy[source] ?? 0) + (b - a) / 1000;
      for (const p of samples)
        if (p.ts >= a && p.ts < b) otherJs[`${source} · ${p.fn}`] = (otherJs[`${source} · ${p.fn}`] ?? 0) + 1;
    }
  }
  return out;
}

/** One repetition of `run` traced from just before its key; its sample and breakdown. */
export async function traced<S extends { at?: { key: number; responseEnd?: number; painted: number } }>(
  page: Page,
  run: (beforeKey: () => Promise<void>) => Promise<S>,
): Promise<{ sample: S; parts: Breakdown & { otherBy: OtherSources; otherJs: OtherFunctions } }> {
  let trace: Awaited<ReturnType<typeof startTrace>> | undefined;
  let markAt = 0;
  const sample = await run(async () => {
    trace = await startTrace(page);
    markAt = await page.evaluate(() => performance.mark('bench:trace-sync').startTime);
  });
  if (!trace || !sample.at) throw new Error('bench:ui trace: the repetition did not start the trace');
  const events = await trace.stop();
  const thread = clockOffset(events, 'bench:trace-sync', markAt);
  return {
    sample,
    parts: breakdown(events, thread, sample.at.key, sample.at.painted, sample.at.responseEnd),
  };
}

/** The median of each part over traced repetitions, as table cells (ms, one decimal). */
export function medianParts(traces: { sample: { total: number }; parts: Breakdown }[]): string[] {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return [
    median(traces.map((t) => t.sample.total)).toFixed(1),
    ...PARTS.map((part) => {
      const values = traces.map((t) => t.parts[part]);
      // Deoptimizing is rare and large when it comes: its median alone would hide it.
      return part === 'deopt'
        ? `${median(values).toFixed(1)} (max ${Math.max(0, ...values).toFixed(1)})`
        : median(values).toFixed(1);
    }),
  ];
}

export const BREAKDOWN_HEADERS = [
  'key → painted',
  'before the response',
  'script',
  'deoptimizing (max)',
  'style',
  'layout',
  'paint',
  'other',
  'idle',
];

export const BREAKDOWN_NOTE =
  'Where the time goes: a Chromium trace (CDP Tracing, devtools.timeline) of separate repetitions, the ' +
  'renderer main thread from the key to the rows painted. "before the response" runs up to the list call\'s ' +
  'response end (0 for a prefetched page); after it, each instant counts once for the innermost event covering ' +
  'it: script (handlers, timers, microtasks, rAF), deoptimizing (V8 dropping optimised code mid-script, ' +
  'V8.DeoptimizeCode: a path the JIT had no feedback for; its largest repetition in brackets), style (recalculation), layout (with pre-paint and layer ' +
  'updates), paint (with the commit to the compositor), other (inside a task but none of these: parsing, GC), ' +
  'idle (nothing ran: the wait for the frame or the network). Medians per part, so a row need not add up; ' +
  'tracing itself (with V8\'s sampling profiler) slows the page a little, so "key → painted" here is the traced repetitions\'.';

/**
 * What "other" ran over traced repetitions: its sources, ms per repetition, and the
 * JavaScript sampled in it, samples per repetition; the `top` largest of each.
 */
export function otherSources(
  traces: { parts: { otherBy: OtherSources; otherJs: OtherFunctions } }[],
  top = 8,
): { sources: [string, string][]; functions: [string, string][] } {
  const summed = (pick: (t: (typeof traces)[number]) => Record<string, number>) => {
    const sum: Record<string, number> = {};
    for (const t of traces) for (const [k, v] of Object.entries(pick(t))) sum[k] = (sum[k] ?? 0) + v;
    return Object.entries(sum)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]): [string, string] => [k, (v / traces.length).toFixed(1)]);
  };
  return { sources: summed((t) => t.parts.otherBy), functions: summed((t) => t.parts.otherJs) };
}
