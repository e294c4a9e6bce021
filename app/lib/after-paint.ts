import { useEffect, useState } from 'react';

/**
 * Runs `task` after the next frame is painted, and answers a function that cancels it. For
 * work a screen update starts that the update does not show (the next page's call): an
 * effect of a render started by a key runs before that render's frame (React flushes a
 * discrete update's effects at once), so such work would hold the frame back (issue 26).
 * In a hidden tab no frame comes, and the task waits until the tab is shown. `latestMs`: after
 * the frame, the task runs at the latest that long after, however busy the page.
 */
export function afterPaint(task: () => void, options?: { latestMs?: number }): () => void {
  let cancelTask: (() => void) | undefined;
  // The frame callback runs just before the frame's style, layout and paint; a task posted
  // from it runs after them. At background priority where the browser has one (Chromium's
  // scheduler.postTask): after any other task then waiting, such as the input that follows.
  const frame = requestAnimationFrame(() => {
    const latestMs = options?.latestMs;
    if (latestMs === undefined) {
      cancelTask = postBackgroundTask(task);
      return;
    }
    // Work the screen still owes (the rows below it) waits for a busy page at most latestMs.
    let done = false;
    const stop = () => {
      done = true;
      cancelBackground();
      clearTimeout(timer);
    };
    const once = () => {
      if (done) return;
      stop();
      task();
    };
    const cancelBackground = postBackgroundTask(once);
    const timer = setTimeout(once, latestMs);
    cancelTask = stop;
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelTask?.();
  };
}

interface PostTaskScheduler {
  postTask: (task: () => void, options: { priority: 'background'; signal: AbortSignal }) => Promise<void>;
}

function postBackgroundTask(task: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const controller = new AbortController();
  // A cancelled task's promise rejects with the abort: that is the cancel, not an error.
  scheduler.postTask(task, { priority: 'background', signal: controller.signal }).catch(() => undefined);
  return () => controller.abort();
}

/**
 * `value` as the last painted frame knew it: a new value (by `keyOf`) comes back only after
 * the frame showing the render that brought it, the previous one until then. For the input
 * of a call a screen makes beside its main content (the status tabs' counts and the
 * new-orders poll beside the list's rows): asked at once, a filter or search change sent
 * them from the render that shows its rows, before that frame, and a 2-core machine's server
 * worked on them while the browser drew the rows (issue 26; record 084).
 */
export function usePainted<T>(value: T, keyOf: (value: T) => string): T {
  const [painted, setPainted] = useState(value);
  const key = keyOf(value);
  const paintedKey = keyOf(painted);
  useEffect(() => {
    if (key === paintedKey) return;
    return afterPaint(() => setPainted(() => value));
  }, [key, paintedKey, value]);
  // The same key: the newest value (equal in what it asks for).
  return key === paintedKey ? value : painted;
}
