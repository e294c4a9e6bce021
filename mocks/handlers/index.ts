import { accountHandlers } from './accounts';
import { auditHandlers } from './audit';
import { catalogHandlers } from './catalog';
import { orderHandlers } from './orders';
import { peopleHandlers } from './people';
import { viewHandlers } from './views';

/** One mock per call the app makes, each registered once (mocks/server.ts). */
export const handlers = [
  ...accountHandlers,
  ...orderHandlers,
  ...catalogHandlers,
  ...peopleHandlers,
  ...viewHandlers,
  ...auditHandlers,
];
