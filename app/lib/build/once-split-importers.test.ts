import { describe, expect, it } from 'vitest';
import { importOnce } from './once-split-importers';

/** Runs a rewritten importer with `import` standing for the dynamic import it calls. */
function importerOf(code: string, name: string, load: () => Promise<unknown>) {
  return new Function('load', `${code.replaceAll('import(', 'load(')}; return ${name};`)(
    load,
  ) as () => Promise<unknown>;
}

describe('importOnce', () => {
  const line = "const $$splitLoaderImporter = () => import('./listorders.tsx?tsr-split=component---loader');";

  it('rewrites each split importer of a route module and leaves the rest', () => {
    const code = `${line}\nconst $$splitComponentImporter = () => import("./x.tsx?tsr-split=component");\nconst other = () => import('./y');`;
    const out = importOnce(code);
    expect(out).toContain("import('./listorders.tsx?tsr-split=component---loader')");
    expect(out).toContain('$$splitComponentImporter$kept ??= import("./x.tsx?tsr-split=component")');
    expect(out).toContain("const other = () => import('./y');");
    expect(importOnce('const a = 1;')).toBe('const a = 1;');
  });

  it('imports once however often the loader runs', async () => {
    let calls = 0;
    const module = { loader: () => 'rows' };
    const importer = importerOf(importOnce(line), '$$splitLoaderImporter', () => {
      calls += 1;
      return Promise.resolve(module);
    });
    expect(await importer()).toBe(module);
    expect(await importer()).toBe(module);
    expect(calls).toBe(1);
  });

  it('tries again after a failed import (offline, a deploy in between)', async () => {
    let calls = 0;
    const importer = importerOf(importOnce(line), '$$splitLoaderImporter', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ ok: true });
    });
    await expect(importer()).rejects.toThrow('chunk failed');
    expect(await importer()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
