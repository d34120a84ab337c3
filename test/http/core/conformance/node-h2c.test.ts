import { listenNode } from '../../../../src/http/adapters/index.ts';
import { h2Client } from '../../adapters/h2-client.ts';
import { runConformance } from './run-conformance.ts';

runConformance({
  name: 'node h2c',
  start: async (handler, maxBodyBytes) => {
    const server = await listenNode(handler, { host: '127.0.0.1', port: 0, http2: true, maxBodyBytes });
    return { client: await h2Client(server.port), stop: () => server.close() };
  },
});
