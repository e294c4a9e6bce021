import { useRef, useState } from 'react';
import type { OrderExportInput } from '#contract/order-export';
import { apiPath } from '#contract/paths';
import { ApiError, http } from '../../../lib/api-client';
import { notify } from '../../../lib/events';
import { downloadCsv } from '../../../lib/download';
import { i18n, params, plural } from '../../../lib/i18n';

const messages = i18n('orders/use-export-orders', {
  failed: params('The export failed (HTTP {status}).'),
  exported: plural({ one: '{count} order exported to {name}.', other: '{count} orders exported to {name}.' }),
  cancelled: 'The export was cancelled.',
  incomplete: 'The export could not be completed.',
});

/** Where an export stands: rows received of how many expected. */
export interface ExportProgress {
  done: number;
  total: number;
}

/** The envelope's words of a refused export (it answers JSON then, not CSV). */
async function refusal(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { errorMessages?: string[] } | null;
  return body?.errorMessages?.join(' ') || messages.get().failed({ status: res.status });
}

/**
 * Downloads an orders export (issue 15, item 5) through the one API client: the server
 * streams the CSV, the rows are counted as they arrive (progress), Cancel stops the
 * download at once, and the file is saved under the server's name (orders-YYYY-MM-DD.csv).
 */
export function useExportOrders() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function run(body: OrderExportInput, total: number) {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ done: 0, total });
    try {
      // No timeout: a million rows take their time, with progress shown meanwhile.
      const res = await http.post(apiPath('exportOrders'), {
        json: body,
        signal: abort.signal,
        timeout: false,
      });
      if (!res.ok || !res.body) throw new ApiError(res.status, [await refusal(res)]);
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let lines = 0;
      let shown = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
        // A screen update per few thousand rows, not per chunk.
        if (lines - shown >= 2_000) {
          shown = lines;
          setProgress({ done: lines - 1, total });
        }
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
      downloadCsv(chunks as BlobPart[], name);
      const rows = Math.max(0, lines - 1);
      // The file's name stays as the server gave it (a name for spreadsheets, not words).
      notify({
        tone: 'success',
        message: messages
          .get()
          .exported(rows)
          .replace('{name}', () => name),
      });
    } catch (error) {
      if (abort.signal.aborted) notify({ tone: 'success', message: messages.get().cancelled });
      else
        notify({
          tone: 'error',
          message: error instanceof ApiError ? error.message : messages.get().incomplete,
        });
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  return { progress, run, cancel: () => controller.current?.abort() };
}
