/*
 * Which JavaScript each route loads on a fresh visit, read from Vite's build manifest and the
 * router's generated route tree (no browser): the entry and its static imports, plus every
 * matched route file's code-split chunks (`?tsr-split=…`) and their static imports, each chunk
 * counted once. A chunk holding recharts is told apart so the dashboard can be reported with
 * and without its chart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface AppRoute {
  /** The URL pattern, e.g. '/order/edit/$id'. */
  fullPath: string;
  /** Route files from the root's child down to this route, e.g. ['app/routes/_authed.tsx', …]. */
  files: string[];
}

/**
 * The leaf routes of app/route-tree.gen.ts with the files of the routes they nest in.
 * Parsed rather than imported: the generated file is TypeScript importing React components.
 */
export function readRoutes(root: string): AppRoute[] {
  const text = readFileSync(join(root, 'app/route-tree.gen.ts'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const m of text.matchAll(/import \{ Route as (\w+)Import \} from '\.\/routes\/([^']+)'/g)) {
    fileOf.set(m[1]!, `app/routes/${m[2]}.tsx`);
  }
  interface Node {
    name: string;
    path: string;
    parent: string;
  }
  const nodes = new Map<string, Node>();
  const decl =
    /const (\w+) = (\w+)Import\.update\(\{\s*id: '([^']*)',\s*(?:path: '([^']*)',\s*)?getParentRoute: \(\) => (\w+),/g;
  for (const m of text.matchAll(decl)) {
    nodes.set(m[1]!, { name: m[2]!, path: m[4] ?? '', parent: m[5]! === 'rootRouteImport' ? '' : m[5]! });
  }
  if (nodes.size === 0) throw new Error('app/route-tree.gen.ts: no routes found (has its format changed?)');
  const parents = new Set([...nodes.values()].map((n) => n.parent));
  const routes: AppRoute[] = [];
  for (const [ident, node] of nodes) {
    if (parents.has(ident)) continue; // a layout, not a page
    const chain: Node[] = [];
    for (let n: Node | undefined = node; n; n = n.parent ? nodes.get(n.parent) : undefined) chain.unshift(n);
    const joined = chain.map((n) => n.path.replace(/^\/$/, '')).join('') || '/';
    routes.push({
      fullPath: joined.replace(/\/{2,}/g, '/'),
      files: chain.map((n) => {
        const file = fileOf.get(n.name);
        if (!file) throw new Error(`route-tree: no import for ${n.name}`);
        return file;
      }),
    });
  }
  return routes.sort((a, b) => a.fullPath.localeCompare(b.fullPath));
}

export function readManifest(distApp: string): Manifest {
  return JSON.parse(readFileSync(join(distApp, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const CHART_MARK = /recharts-(?:wrapper|surface|cartesian|responsive-container)/;

export interface RouteBundle {
  fullPath: string;
  /** Chunk files loaded without the chart (entry, its imports, the route's split chunks). */
  files: string[];
  /** Chunk files the chart adds (empty when the route shows none). */
  chartFiles: string[];
  css: string[];
}

/** The bundle model over one build: gzip sizes and per-route chunk sets. */
export class BuildModel {
  readonly manifest: Manifest;
  private readonly sizes = new Map<string, { raw: number; gzip: number }>();
  private readonly chartKeys: Set<string>;

  constructor(readonly distApp: string) {
    this.manifest = readManifest(distApp);
    this.chartKeys = new Set(
      Object.entries(this.manifest)
        .filter(([, c]) => c.file.endsWith('.js') && CHART_MARK.test(this.text(c.file)))
        .map(([k]) => k),
    );
  }

  text(file: string): string {
    return readFileSync(join(this.distApp, file), 'utf8');
  }

  /** Raw and gzip (level 9, like a static pre-compressor) bytes of one emitted file. */
  size(file: string): { raw: number; gzip: number } {
    let s = this.sizes.get(file);
    if (!s) {
      const buf = readFileSync(join(this.distApp, file));
      s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
      this.sizes.set(file, s);
    }
    return s;
  }

  get entryKey(): string {
    const entry = Object.entries(this.manifest).find(([, c]) => c.isEntry);
    if (!entry) throw new Error('manifest: no entry chunk');
    return entry[0];
  }

  isChart(file: string): boolean {
    return [...this.chartKeys].some((k) => this.manifest[k]!.file === file);
  }

  /** Manifest keys statically reachable from `roots`, never entering chart chunks. */
  private closure(roots: string[], into: Set<string>, skipChart: boolean) {
    const stack = [...roots];
    while (stack.length) {
      const key = stack.pop()!;
      if (into.has(key) || (skipChart && this.chartKeys.has(key))) continue;
      into.add(key);
      stack.push(...(this.manifest[key]?.imports ?? []));
    }
    return into;
  }

  route(route: AppRoute): RouteBundle {
    const splits = Object.keys(this.manifest).filter((k) =>
      route.files.some((f) => k.startsWith(`${f}?tsr-split=`)),
    );
    const base = this.closure([this.entryKey, ...splits], new Set(), true);
    // The chart: chart chunks the route's own code imports, statically or lazily (React.lazy).
    const chartRoots = new Set<string>();
    for (const key of [...base, ...splits]) {
      const c = this.manifest[key]!;
      if (key === this.entryKey) continue; // the entry's dynamic imports are the other routes
      for (const k of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) {
        if (this.chartKeys.has(k)) chartRoots.add(k);
      }
    }
    const withChart = this.closure([...chartRoots], new Set(base), false);
    const files = (keys: Iterable<string>) => [...keys].map((k) => this.manifest[k]!.file);
    const css = new Set<string>();
    for (const k of withChart) for (const f of this.manifest[k]!.css ?? []) css.add(f);
    return {
      fullPath: route.fullPath,
      files: files(base).filter((f) => f.endsWith('.js')),
      chartFiles: files([...withChart].filter((k) => !base.has(k))).filter((f) => f.endsWith('.js')),
      css: [...css],
    };
  }

  gzipOf(files: string[]): number {
    return files.reduce((sum, f) => sum + this.size(f).gzip, 0);
  }
}
