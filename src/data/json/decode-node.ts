/**
 * The value of one member by the kind of its node: an object for a container,
 * an array of entry objects for a list, an array of values for a leaf-list,
 * a value for a leaf (`[null]` for empty: the codecs check the shape), and
 * for anydata an object in strict mode (RFC 7951 §5.5), any JSON value in
 * the simplified mode; anyxml any JSON value. A wrong shape is
 * 'invalid-value' at the node's path.
 */
import type { DataValue } from '../data-container.ts';
import { childPath, type DataPath } from '../data-path.ts';
import { report, type DecodeContext } from './decode-context.ts';
import { decodeLeafList } from './decode-leaf-list.ts';
import { decodeList } from './decode-list.ts';
import type { Member } from './decode-members.ts';
import { decodeObject } from './decode-object.ts';
import { decodeValue } from './decode-value.ts';
import { describeJson, isJsonObject } from './json-shape.ts';

export function decodeNode(member: Member, holder: object, parentPath: DataPath, ctx: DecodeContext): DataValue | undefined {
  const { node, json } = member;
  switch (node.kind) {
    case 'leaf':
      return decodeValue(node, json, { holder, key: member.name }, childPath(parentPath, node), ctx);
    case 'leaf-list':
      return decodeLeafList(node, json, parentPath, ctx);
    case 'list':
      return decodeList(node, json, parentPath, ctx);
    case 'container': {
      const path = childPath(parentPath, node);
      if (isJsonObject(json)) return decodeObject(json, node, path, ctx);
      report(ctx, 'invalid-value', `container "${node.name}" must be a JSON object, got ${describeJson(json)}`, path);
      return undefined;
    }
    case 'anydata':
    case 'anyxml':
      if (node.kind === 'anydata' && ctx.strict && !isJsonObject(json)) {
        report(ctx, 'invalid-value', `anydata "${node.name}" must be a JSON object (RFC 7951 §5.5), got ${describeJson(json)}`, childPath(parentPath, node));
        return undefined;
      }
      return { any: json };
  }
}
