/*
 * In-page instrument for bench/ui/run.ts, installed before any page script (plain browser
 * JS, loaded with addInitScript({ path }) so no bundler helper leaks into it).
 *
 * Start: a capture-phase keydown listener on window records the key's event.timeStamp
 * (when the browser received the input; same clock as performance.now()), before any of
 * the page's own handlers run. For calls made from code (AG Grid's setFilterModel),
 * mark() records performance.now() just before the call.
 *
 * End: arm() snapshots the rows; a MutationObserver on the table then re-reads them after
 * every DOM change until they differ from the snapshot (and, in the product, the table is
 * no longer aria-busy). "Painted" is then: the next requestAnimationFrame callback (runs
 * before that frame's style, layout and paint) followed by a MessageChannel message posted
 * from it, which is delivered as a task after the frame that carries the new rows has been
 * rendered. So the figure covers the DOM update plus the style/layout/paint of that frame.
 * The product draws the rows on screen first and the rows below them in the next frames
 * (hidden, the table busy until then): "whole" is the frame after which it is no longer busy.
 *
 * With a URL to wait for (the typed search), the rows are also checked after each URL change,
 * and "painted" is found afterwards among the frames painted while armed: the URL is written
 * after the frame that shows the rows (record 090), and rows equal to those shown before
 * ("Srini" → "Sriniv") make no DOM change at all.
 *
 * Also: the times the URL changed (history.pushState/replaceState) and every long task (> 50 ms).
 */
(() => {
  const state = { key: null, urlAt: [], longtasks: [], pending: null };

  addEventListener(
    'keydown',
    (event) => {
      state.key = { key: event.key, ts: event.timeStamp, now: performance.now() };
    },
    true,
  );
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method];
    history[method] = function (...args) {
      state.urlAt.push(performance.now());
      const result = original.apply(this, args);
      // The rows are checked again after the URL change: rows equal to the ones shown
      // ("Srini" → "Sriniv") change nothing in the DOM for the observer to see.
      if (state.recheck) afterPaint().then(state.recheck);
      return result;
    };
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longtasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: the long-task figures stay empty and the runner says so.
  }

  /** The rows on screen as one string, or null while they are not settled. */
  const fingerprints = {
    ours() {
      const grid = document.querySelector('table[role="grid"]');
      // Settled, or showing the new rows on screen while the rows below them come (the
      // table is busy until then: data-filling, screen-first.ts).
      if (!grid || (grid.getAttribute('aria-busy') !== 'false' && !grid.hasAttribute('data-filling')))
        return null;
      const rows = grid.querySelectorAll('tbody > tr');
      return Array.from(rows, (row) => row.getAttribute('aria-rowindex') + ':' + row.textContent).join('\n');
    },
    aggrid() {
      const rows = Array.from(document.querySelectorAll('#grid .ag-row[row-index]'))
        .map((row) => [Number(row.getAttribute('row-index')), row.textContent])
        .filter(([index]) => index < 10)
        .sort((a, b) => a[0] - b[0]);
      return rows.map(([index, text]) => index + ':' + text).join('\n');
    },
  };
  const roots = { ours: 'table[role="grid"]', aggrid: '#grid' };

  const afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );

  window.__bench = {
    state,
    fingerprint: (kind) => fingerprints[kind](),
    /**
     * Before an action: forget the last key and URL changes, watch the rows (until they
     * change and, with urlIncludes, the URL's query string holds it).
     */
    arm(kind, { timeoutMs = 60000, urlIncludes = '' } = {}) {
      const before = fingerprints[kind]();
      const root = document.querySelector(roots[kind]);
      if (!root) throw new Error(`bench: no ${roots[kind]} on the page`);
      state.key = null;
      state.urlAt = [];
      // With urlIncludes: the frames painted while armed, and when the rows changed. The URL is
      // written after the frame that shows the rows (record 090), so the rows' frame is found
      // afterwards: the first one after the rows' first change once the call for that URL has
      // answered, or after the answer when the rows stay as they were ("Srini" → "Sriniv").
      const frames = [];
      const changes = [];
      let framing = !!urlIncludes;
      const nextFrame = () => afterPaint().then((at) => (frames.push(at), framing && nextFrame()));
      if (framing) nextFrame();
      const paintedSince = (from) => frames.find((at) => at > from);
      state.pending = new Promise((resolve, reject) => {
        let done = false;
        const check = () => {
          if (done) return;
          const now = fingerprints[kind]();
          if (now !== null && now !== before) changes.push(performance.now());
          if (now === null || now === before || !location.search.includes(urlIncludes)) return;
          done = true;
          const changedAt = performance.now();
          observer.disconnect();
          clearTimeout(timer);
          if (urlIncludes) {
            const answered = performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/orders/listorders') && e.name.includes(urlIncludes))
              .reduce((last, e) => Math.max(last, e.responseEnd), 0);
            const from = changes.find((at) => at >= answered) ?? answered;
            framing = false;
            const paintedAt = paintedSince(from);
            if (paintedAt !== undefined) {
              resolve({
                key: state.key,
                urlAt: state.urlAt.slice(),
                changedAt: from,
                paintedAt,
                wholeAt: paintedAt,
              });
              return;
            }
          }
          afterPaint().then(async (paintedAt) => {
            // The rows below the screen come in the frames after (screen-first.ts): the
            // frame that carries the last of them.
            let wholeAt = paintedAt;
            while (
              kind === 'ours' &&
              document.querySelector('table[role="grid"]')?.getAttribute('aria-busy') !== 'false'
            )
              wholeAt = await afterPaint();
            resolve({ key: state.key, urlAt: state.urlAt.slice(), changedAt, paintedAt, wholeAt });
          });
        };
        state.recheck = check;
        const observer = new MutationObserver(check);
        observer.observe(root, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['aria-busy', 'aria-rowindex', 'row-index'],
        });
        const timer = setTimeout(() => {
          done = true;
          observer.disconnect();
          reject(new Error(`bench: the ${kind} rows did not change within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      // Keeps an unawaited rejection from being reported before wait() collects it.
      state.pending.catch(() => undefined);
      return before !== null;
    },
    /** A start for actions made by code rather than a key. */
    mark() {
      const now = performance.now();
      state.key = { key: '(call)', ts: now, now };
    },
    wait: () => state.pending,
    /** Long tasks overlapping [from, to]: count and total ms. */
    longtasks(from, to) {
      const hits = state.longtasks.filter(([start, duration]) => start + duration >= from && start <= to);
      return {
        count: hits.length,
        totalMs: hits.reduce((sum, [, d]) => sum + d, 0),
        max: Math.max(0, ...hits.map(([, d]) => d)),
      };
    },
    /** The list call(s) made since `from`: request start → response end, and the response end. */
    requests(from, pattern) {
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= from && entry.name.includes(pattern))
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime,
          requestStart: entry.requestStart,
          responseEnd: entry.responseEnd,
        }));
    },
  };
})();
