/** Behind proxies: the client's address, scheme and host as trusted proxies tell them, and the base URL of every URL the server gives out. */
export { parseForwarded, type ForwardedElement } from './forwarded-header.ts';
export { forwardedClient, validHost, type ForwardedClient } from './forwarded-client.ts';
export { keepForwarding, forwardingOf, type Forwarding } from './forwarding.ts';
export { nodeAddress, plainAddress } from './node-address.ts';
export { clientAddress } from './client-address.ts';
export { contextBaseUrl } from './context-base-url.ts';
export { requestBaseUrl } from './request-base-url.ts';
