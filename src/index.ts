/**
 * rxconf's public entry (`import { ... } from 'rxconf'`): the server
 * factory, the YANG compiler, the node contract and the ready-made nodes, the
 * data tree, the errors and the application API. Nothing needs a deep import,
 * and nothing internal is exported: `etc/rxconf.api.md` is the report of
 * this surface, checked by a test (`npm run api:report` updates it).
 *
 * @packageDocumentation
 */

// Serving
export { createServer, type RxconfServer, type ServerOptions, type ListenAddress, type InjectRequest, type InjectResponse } from './server/create-server.ts';
export { listenCallHome, type CallHomeListener, type CallHomeListenerOptions, type CallHomeSession } from './server/call-home/call-home-listener.ts';
export type { CallHomeClient } from './server/call-home/call-home-options.ts';
export type { Logger } from './server/logger.ts';
export type { CorsOptions } from './server/cors.ts';
export type { AppContext, RootOverride } from './server/app-context.ts';
export type { OperationHandler, JsonObject } from './server/app-handlers.ts';
export type { FormUpload, FormUploads } from './http/core/body/index.ts';
export type { WebOptions } from './server/web/index.ts';
export type { ExplorerOptions } from './server/explorer/index.ts';

// Generated types (`rxconf types`): the runtime their codecs use, and the typed application API
export * from './codegen/runtime/index.ts';
export { typedApp, type TypedApp, type TypedOperationCall, type TypedOperationHandler } from './server/typed-app.ts';

// The YANG compiler and the compiled schema
export { compileSchema, type CompileOptions, type CompileResult } from './compile/compile-schema.ts';
export { printTree } from './meta/tree/print-tree.ts';
export { findDataChild, schemaChild, schemaChildren, dataChildren } from './meta/navigate.ts';
export type {
  SchemaContext, ModuleMeta, SchemaNode, DataNodeMeta, ContainerMeta, ListMeta, LeafMeta, LeafListMeta,
  ChoiceMeta, CaseMeta, AnydataMeta, OperationMeta, NotificationMeta, TypeMeta,
} from './meta/meta.ts';
export { formatDiagnostic, type YangDiagnostic } from './parser/statement.ts';

// The node runtime: the contract applications implement and what runs over it
export type { Node, ListItem } from './actors/node.ts';
export type { FieldValue } from './data/field-value.ts';
export type * from './actors/requests.ts';
export type { RequestContext } from './actors/request-context.ts';
export { Selection, type SelectionMeta } from './actors/selection.ts';
export { Browser, type RootFactory } from './actors/browser.ts';
export { Device } from './actors/device.ts';
export type { ChangeEvent } from './actors/change-event.ts';
export { read } from './actors/read/read.ts';
export type { ReadBody } from './actors/read/read-body.ts';
export { defaultReadOptions, type ReadOptions, type RowRange } from './actors/read/read-options.ts';
export type { ContentFilter } from './actors/read/content.ts';
export type { WithDefaults } from './actors/read/with-defaults.ts';
export { commitEdit, type EditCommand } from './actors/edit/commit-edit.ts';
export type { EditOperation, EditOutcome } from './actors/edit/apply-edit.ts';
export type { InsertAt } from './actors/edit/insert-at.ts';
export { invoke, notifications, type InvokeCommand, type NotificationEvent } from './actors/operations/index.ts';
export * from './actors/nodes/index.ts';

// The client: a remote RESTCONF server as a local Device (docs/client.md)
export { connect, RemoteDevice, TransportFailure, type ConnectOptions, type JsonEvent, type JsonReadOptions } from './client/index.ts';

// The data tree and its JSON forms
export { DataContainer, DataValues, type DataValue, type AnyValue, type HolderMeta } from './data/data-container.ts';
export { decodeData, encodeData, decodeDatastore, encodeDatastore, parseJsonText } from './data/json/index.ts';
export type { DecodeOptions, DecodeResult, EncodeOptions } from './data/json/index.ts';
export type { YangValue } from './types/value.ts';

// Errors (RFC 8040 §7): the error-tag decides the status
export {
  ERROR_TAGS, statusOf, restconfError, RestconfFailure, unauthorized, forbidden, notFound, badRequest, conflict,
  notImplemented, wrapError, type ErrorTag, type ErrorType, type RestconfError,
} from './errors/index.ts';

// The transport-neutral exchange, for custom transports and filters
export type { CoreRequest, CoreResponse, Handler, ResponseBody } from './http/exchange.ts';
export type { FilterAnswer, RequestFilter } from './http/core/index.ts';
