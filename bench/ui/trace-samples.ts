/*
 * The JavaScript samples of a Chromium trace (category disabled-by-default-v8.cpu_profiler):
 * V8's sampling profiler writes a `Profile` event (its start) and `ProfileChunk` events, each
 * with new call-tree nodes and samples whose time deltas run on from the previous chunk's
 * last sample. bench:ui uses them to say which functions ran in the breakdown's "other".
 */

interface ProfileEvent {
  name: string;
  pid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ChunkData {
  cpuProfile?: {
    nodes?: { id: number; callFrame: { functionName: string; url?: string } }[];
    samples?: number[];
  };
  timeDeltas?: number[];
}

/** One sample: its trace time (µs) and the function it hit ("name file", or a V8 state such as "(program)"). */
export interface JsSample {
  ts: number;
  fn: string;
}

/** The samples the profiler took in process `pid` (the renderer's main thread is the one it profiles). */
export function jsSamples(events: ProfileEvent[], pid: number): JsSample[] {
  const names = new Map<number, string>();
  const at = new Map<string, number>();
  const out: JsSample[] = [];
  for (const e of events) {
    if (e.pid !== pid || e.id === undefined) continue;
    const data = e.args?.data as ({ startTime?: number } & ChunkData) | undefined;
    if (e.name === 'Profile' && data?.startTime !== undefined) at.set(e.id, data.startTime);
    if (e.name !== 'ProfileChunk' || !data) continue;
    for (const n of data.cpuProfile?.nodes ?? [])
      names.set(
        n.id,
        `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop()}`.trim(),
      );
    let t = at.get(e.id) ?? 0;
    const deltas = data.timeDeltas ?? [];
    for (const [i, node] of (data.cpuProfile?.samples ?? []).entries()) {
      t += deltas[i] ?? 0;
      out.push({ ts: t, fn: names.get(node) ?? `node ${node}` });
    }
    at.set(e.id, t);
  }
  return out;
}
