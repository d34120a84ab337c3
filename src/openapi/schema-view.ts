/**
 * What of the schema a document shows, and which writes it offers: all of
 * it (the command line, a server without access control), or what one
 * user's access rights let them read and do, so that a document never names
 * a node its reader may not read.
 */
import type { SchemaNode } from '../meta/meta.ts';

export type ViewOperation = 'read' | 'create' | 'update' | 'delete' | 'exec';

export interface SchemaView {
  /** Whether the reader may do `op` on some instance of the node (read: of it or of something below it). */
  readonly may: (op: ViewOperation, node: SchemaNode) => boolean;
}

export const FULL_VIEW: SchemaView = { may: () => true };
