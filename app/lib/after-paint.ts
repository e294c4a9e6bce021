/**
 * Runs `task` after the next frame is painted, and answers a function that cancels it. For
 * work a screen update starts that the update does not show (the next page's call): an
 * effect of a render started by a key runs before that render's frame (React flushes a
 * discrete update's effects at once), so such work would hold the frame back (issue 26).
 * In a hidden tab no frame comes, and the task waits until the tab is shown.
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The frame callback runs just before the frame's style, layout and paint; a task posted
  // from it runs after them.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
