import { setupServer } from 'msw/node';
import { dashboardHandlers } from './dashboard/handlers';
import { handlers } from './handlers';

/** MSW for Node (Vitest): component tests talk to these handlers instead of a server. */
export const server = setupServer(...handlers, ...dashboardHandlers);
