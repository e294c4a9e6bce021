import { setupServer } from 'msw/node';
import { handlers } from './handlers/index';

/** MSW for Node (Vitest): component tests talk to these handlers instead of a server. */
export const server = setupServer(...handlers);
