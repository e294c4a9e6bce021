// The baseline of `npm run bench:server` (issue 18): a bare Hono app on the same Node and
// the same adapter as the product, answering /api/health with a small JSON body.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/api/health', (c) => c.json({ isSuccess: true, result: { status: 'ok' }, errorMessages: [] }));
const server = serve({
  fetch: app.fetch,
  hostname: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT),
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
