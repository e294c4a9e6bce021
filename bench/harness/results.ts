/*
 * bench/RESULTS.md, shared by every bench command: each command owns one section between
 * `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` and replaces only that one, so running
 * one benchmark never erases another's figures. Each section carries its own date,
 * machine and versions, because the commands run at different times.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

const RESULTS = resolve(import.meta.dirname, '..', 'RESULTS.md');

const HEADER = `# Benchmark results

Written by the bench commands (\`npm run bench:seed\`, \`bench:api\`, \`bench:ui\`, \`bench:bundle\`);
each replaces only its own section. Figures are from the machine named in the section.
`;

/** A markdown table from a header row and rows of cells. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function packageVersion(name: string): string {
  try {
    const pkg = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '..', '..', 'node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string };
    return pkg.version;
  } catch {
    return '?';
  }
}

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

/** One line naming when, where and with what a section was measured. */
export function environmentLine(extra: Record<string, string> = {}): string {
  const cpu = cpus();
  const parts = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit: commit(),
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    'better-sqlite3': packageVersion('better-sqlite3'),
    kysely: packageVersion('kysely'),
    ...extra,
  };
  return Object.entries(parts)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ');
}

/**
 * Replaces (or appends) section `name` of bench/RESULTS.md with `title` and `body`,
 * stamped with the environment line.
 */
export function writeResults(name: string, title: string, body: string, extra?: Record<string, string>) {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const section = `${open}\n## ${title}\n\n_${environmentLine(extra)}_\n\n${body.trim()}\n${close}`;
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : HEADER;
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + close.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, next);
  console.log(`bench/RESULTS.md: section "${name}" updated`);
}

/** p-th percentile (0–100) of already sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
