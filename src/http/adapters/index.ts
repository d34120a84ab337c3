/** HTTP transports for the core: each converts between its wire and `Handler` (../exchange.ts), nothing more. */
export { listenUws, type UwsServer } from './uws-adapter.ts';
export { listenNode, type NodeOptions, type NodeServer } from './node-adapter.ts';
export { type AdapterOptions, defaultMaxBodyBytes } from './adapter-options.ts';
export { BodyTooLarge } from './body-too-large.ts';
export { uwsNative } from './uws-native.ts';
export { clientGone, isClientGone } from './client-gone.ts';
