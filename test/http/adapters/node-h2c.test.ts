import { listenNode } from '../../../src/http/adapters/index.ts';
import { adapterConformance } from './adapter-conformance.ts';
import { h2Client } from './h2-client.ts';

adapterConformance({
  name: 'node h2c',
  protocol: 'h2',
  secure: false,
  start: async (handler, options) => {
    const server = await listenNode(handler, { host: '127.0.0.1', port: 0, http2: true, ...options });
    return { client: await h2Client(server.port), stop: () => server.close() };
  },
});
