import { readFileSync } from 'node:fs';

/*
 * A V8 CPU profile (`node --cpu-prof`) summed up: self time per function and per place
 * (a package, Node's own code, or the server bundle), so a bench prints what a request's
 * time is spent on.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: the npm package, Node's internals, the server bundle, or V8. */
function placeOf(url: string): string {
  if (!url) return '(V8: GC, idle, program)';
  if (url.startsWith('node:')) return 'node (built-in modules)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes('dist/server/index.js')) return 'server bundle (ours and bundled packages)';
  return url.replace(/^file:\/\//, '');
}

export interface ProfileSummary {
  totalMs: number;
  functions: { name: string; place: string; selfMs: number }[];
  places: { place: string; selfMs: number }[];
}

/** Self time per function and per place, largest first. */
export function summarizeProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const functions = new Map<string, { name: string; place: string; selfMs: number }>();
  const places = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = placeOf(url);
    const name = `${functionName || '(anonymous)'}${url ? ` :${lineNumber + 1}` : ''}`;
    const key = `${place}|${name}`;
    const entry = functions.get(key) ?? { name, place, selfMs: 0 };
    entry.selfMs += micros / 1000;
    functions.set(key, entry);
    places.set(place, (places.get(place) ?? 0) + micros / 1000);
    total += micros / 1000;
  }
  return {
    totalMs: total,
    functions: [...functions.values()].sort((a, b) => b.selfMs - a.selfMs),
    places: [...places].map(([place, selfMs]) => ({ place, selfMs })).sort((a, b) => b.selfMs - a.selfMs),
  };
}
