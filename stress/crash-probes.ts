import { request } from 'node:http';
import { connect } from 'node:net';
import SQLite from 'better-sqlite3';
import type { ApiSession } from '../bench/harness/session';
import { categoryBody } from './crash-writers';

/* The crash run's probes (stress/crash.ts): the file's integrity, a write in flight, a new connection. */

/** SQLite's integrity and foreign-key checks of the database file, as one line ('ok' when clean). */
export function integrityCheck(dbPath: string): string {
  // Opened after the kill and before the restart: the WAL left behind is read as is.
  const db = new SQLite(dbPath, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const fk = db.pragma('foreign_key_check') as unknown[];
    const text = rows.map((r) => r.integrity_check).join('; ');
    return fk.length ? `${text}; ${fk.length} foreign key violations` : text;
  } finally {
    db.close();
  }
}

/**
 * A POST whose body is half sent once the server has read its headers (it answers
 * `Expect: 100-continue` only then, which proves the request is in its hands) and the
 * rest after `finish()`.
 */
export function slowWrite(base: string, session: ApiSession, name: string) {
  const body = JSON.stringify(categoryBody('', name));
  const half = Math.floor(body.length / 2);
  let done!: (r: { status: number; text: string } | { error: string }) => void;
  const answer = new Promise<{ status: number; text: string } | { error: string }>((r) => (done = r));
  const req = request(
    `${base}/api/categories/upsertcategory`,
    {
      method: 'POST',
      headers: {
        ...session.headers,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    },
    (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
    },
  );
  req.on('error', (e) => done({ error: e.message }));
  const read = new Promise<void>((r) =>
    req.once('continue', () => {
      req.write(body.slice(0, half));
      r();
    }),
  );
  req.flushHeaders();
  return { answer, read, finish: () => req.end(body.slice(half)), name };
}

/** Whether a new connection to the port is accepted. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
