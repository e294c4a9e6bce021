/*
 * Writes contract/endpoint-paths.gen.ts: each call's method and path, taken from
 * contract/endpoints.ts. The browser needs only these to build a URL; the table itself
 * imports every schema, which would put all of them in the first chunk of every page.
 * contract/endpoint-paths.test.ts fails when the two differ.
 *
 *   npm run gen:endpoints
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENDPOINTS } from '../contract/endpoints';

const rows = Object.entries(ENDPOINTS).map(
  ([name, e]) => `  ${name}: { method: '${e.method}', path: '${e.path}' },`,
);
const text = `// Generated from contract/endpoints.ts by \`npm run gen:endpoints\`; do not edit.
// What a caller needs to build a call's URL, without the table's schemas.

/** Each call's method and path (relative to /api); the permission table says who may call it. */
export const ENDPOINT_PATHS = {
${rows.join('\n')}
} as const;
`;
const out = resolve(import.meta.dirname, '..', 'contract', 'endpoint-paths.gen.ts');
writeFileSync(out, text);
console.log(`wrote ${out} (${rows.length} calls)`);
