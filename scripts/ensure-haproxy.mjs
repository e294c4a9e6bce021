// The scale test (npm run test:scale, issue 18) runs several servers behind a real load
// balancer: Debian's HAProxy, installed here before it starts (scripts/lib/debian-package.mjs).
import { ensureDebianPackage } from './lib/debian-package.mjs';

ensureDebianPackage(process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy', 'haproxy', 'HAProxy');
