import type { Plugin } from 'vite';

/*
 * A route's split chunk imported once. TanStack Router's code splitting writes
 * `const $$splitLoaderImporter = () => import('./route.tsx?tsr-split=…')` and wraps it in
 * `lazyFn`, which calls the importer on every call of the loader, and the router runs the
 * loaders of every matched route on every navigation (each sort, filter or page of a list).
 * Vite wraps each such `import()` in its preload helper, which resolves every one of the
 * chunk's dependencies as a URL (35 for the orders list) and waits on them before the
 * loader starts: about 2 ms of script a list change in bench:ui's CPU profile (issue 26).
 * Here each importer keeps its first promise; one that failed (offline, a deploy in
 * between) is forgotten, so the next navigation tries again.
 */

/** `const $$split…Importer = () => import('…')`, as the router plugin writes it. */
const IMPORTER = /const (\$\$split\w*Importer) = \(\) => import\((['"][^'"]+['"])\);?/g;

/** The route module's code with every split importer made to import once (unchanged if it has none). */
export function importOnce(code: string): string {
  return code.replace(
    IMPORTER,
    (_all, name: string, specifier: string) =>
      `let ${name}$kept; const ${name} = () => (${name}$kept ??= import(${specifier}).catch((error) => { ${name}$kept = undefined; throw error; }));`,
  );
}

/** The Vite plugin: after the router plugin (which runs first, `enforce: 'pre'`), on route modules. */
export function onceSplitImporters(): Plugin {
  return {
    name: 'once-split-importers',
    apply: 'build',
    transform(code, id) {
      if (!code.includes('$$split') || id.includes('node_modules')) return undefined;
      const out = importOnce(code);
      // The router plugin wrote its importers another way: say so rather than lose this quietly.
      if (out === code && /\$\$split\w*Importer =/.test(code))
        this.warn(`split importers not rewritten in ${id}: the router plugin's output changed`);
      return out === code ? undefined : { code: out, map: null };
    },
  };
}
