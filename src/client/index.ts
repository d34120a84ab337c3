/** The RESTCONF client: a remote server as a local Device, and what the `rxconf` client commands share. */
export { connect } from './connect.ts';
export { discoverRoot } from './discover-root.ts';
export { eventStream } from './event-stream.ts';
export type { ConnectOptions } from './connect-options.ts';
export { RemoteDevice } from './remote-device.ts';
export { ClientTransport, TransportFailure, type HttpAnswer } from './client-transport.ts';
export { answerErrors, errorsOfBody, formatRestconfError } from './answer-errors.ts';
export { parseSse, type SseMessage } from './parse-sse.ts';
export { mediaType } from './media-type.ts';
export { loadRemoteSchema } from './load-remote-schema.ts';
export type { JsonEvent, JsonReadOptions } from './json-calls.ts';
