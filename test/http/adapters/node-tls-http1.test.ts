import { listenNode } from '../../../src/http/adapters/index.ts';
import { adapterConformance } from './adapter-conformance.ts';
import { http1Client } from './http1-client.ts';
import { selfSigned } from './self-signed.ts';

const tls = selfSigned();

// The same secure server as node-tls-h2.test.ts; a client that offers no ALPN gets HTTP/1.1.
adapterConformance({
  name: 'node TLS http/1.1',
  protocol: 'http/1.1',
  secure: true,
  start: async (handler, options) => {
    const server = await listenNode(handler, { host: '127.0.0.1', port: 0, tls, ...options });
    return { client: http1Client(server.port, tls.cert), stop: () => server.close() };
  },
});
