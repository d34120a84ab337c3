import { listenNode } from '../../../../src/http/adapters/index.ts';
import { http1Client } from '../../adapters/http1-client.ts';
import { runConformance } from './run-conformance.ts';

runConformance({
  name: 'node http/1.1',
  start: async (handler, maxBodyBytes) => {
    const server = await listenNode(handler, { host: '127.0.0.1', port: 0, maxBodyBytes });
    return { client: http1Client(server.port), stop: () => server.close() };
  },
});
