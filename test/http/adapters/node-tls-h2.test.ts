import { listenNode } from '../../../src/http/adapters/index.ts';
import { adapterConformance } from './adapter-conformance.ts';
import { h2Client } from './h2-client.ts';
import { selfSigned } from './self-signed.ts';

const tls = selfSigned();

adapterConformance({
  name: 'node TLS h2',
  protocol: 'h2',
  secure: true,
  start: async (handler, options) => {
    const server = await listenNode(handler, { host: '127.0.0.1', port: 0, tls, ...options });
    return { client: await h2Client(server.port, tls.cert), stop: () => server.close() };
  },
});
