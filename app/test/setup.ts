import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { watchMockedResults } from '#mocks/result-check';
import { server } from '#mocks/server';
import { resetStore } from '#mocks/store';
import { resetOrderAlerts } from '../features/orders/new-order-alerts';

// The first notice loads the toast code on demand (a dynamic import): on a busy CI machine
// that import alone can pass the 1 s default of findBy*/waitFor.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks these; Radix's popper and the router's scroll restoration call them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= vi.fn();
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Node's Request (which ky and MSW use under jsdom) rejects relative URLs; a browser resolves
// them against the page. Do what the browser does so '/api/...' works as in production.
const NodeRequest = globalThis.Request;
globalThis.Request = class BrowserLikeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
} as typeof Request;

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
const wrongShapes = watchMockedResults(server);
afterEach(async () => {
  const wrong = await wrongShapes();
  cleanup();
  server.resetHandlers();
  resetStore();
  // A fresh tab's new-order alerts (module state, like the session's).
  resetOrderAlerts();
  document.title = 'BlueTik Back Office';
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  vi.restoreAllMocks();
  // A mock answered what its endpoint's result schema refuses: the test ran on a shape the server never sends.
  if (wrong.length) throw new Error(`mocked answers the endpoint table refuses:\n${wrong.join('\n')}`);
});
afterAll(() => server.close());
