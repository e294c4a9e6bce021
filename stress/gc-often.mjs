// Preloaded into the server by the soak (node --expose-gc --import): a full garbage
// collection every GC_EVERY_MS, so prepared statements that fell out of use are collected
// while the server runs, as a long-lived server would over days. On Node ≥ 24.19 that is
// what aborted better-sqlite3 ≤ 12 (its statement destructor ran without an environment).
const every = Number(process.env.GC_EVERY_MS ?? 20);
if (typeof globalThis.gc !== 'function') throw new Error('gc-often.mjs needs node --expose-gc');
let forced = 0;
setInterval(() => {
  globalThis.gc();
  forced += 1;
}, every).unref();
process.on('exit', () => process.stderr.write(`gc-often: ${forced} forced collections\n`));
