/**
 * Ready-made nodes: the in-memory data tree and the embedded datastore,
 * reflect (an application's own objects), basic and extend (nodes from
 * callbacks), Observable-backed leaves, containers and notifications, and
 * the trace wrapper.
 *
 * Lifecycle of Observable sources. `observableLeaf` and
 * `observableContainer` hold the latest value: one subscription per
 * holder, made at its first read, shared by every request, ended by
 * `close()` (or by the source completing or failing). Make them once, beside
 * their sources; a holder made per request (in a Browser's root factory) is
 * closed in that root's `release` (see extendNode). `notificationSource`
 * holds nothing: each Notify subscribes the source, and the subscriber
 * leaving (the spec's closer) unsubscribes it.
 */
export { DataContainerNode, DataListNode } from './data-node.ts';
export { Datastore } from './datastore.ts';
export { traceNode, type TraceEntry } from './trace-node.ts';
export { reflectNode, reflectChild, ReflectNode } from './reflect-node.ts';
export { ReflectListNode } from './reflect-list.ts';
export type { ReflectOptions, FieldOverride, ChildOverride } from './reflect-options.ts';
export { schemaPath } from './override-for.ts';
export type { PropertyNames } from './object-property.ts';
export { basicNode } from './basic-node.ts';
export { extendNode, type NodeOverrides } from './extend-node.ts';
export { LatestValue } from './latest-value.ts';
export { observableLeaf, type ObservableLeaf } from './observable-leaf.ts';
export { observableContainer, type ObservableContainer } from './observable-container.ts';
export { notificationSource } from './notification-source.ts';
export { wrapDeep } from './wrap-deep.ts';
