import { listenNode } from '../../../src/http/adapters/index.ts';
import { adapterConformance } from './adapter-conformance.ts';
import { http1Client } from './http1-client.ts';

adapterConformance({
  name: 'node http/1.1',
  protocol: 'http/1.1',
  secure: false,
  start: async (handler, options) => {
    const server = await listenNode(handler, { host: '127.0.0.1', port: 0, ...options });
    return { client: http1Client(server.port), stop: () => server.close() };
  },
});
