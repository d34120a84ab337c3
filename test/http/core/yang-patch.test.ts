/**
 * YANG Patch (RFC 8072, application/yang-patch+json) on
 * the datastore and on data resources: create, delete, insert, merge, move,
 * replace and remove in one patch; the whole patch one transaction (a
 * failing edit, or a constraint the patch breaks, changes nothing, asserted
 * with GET); yang-patch-status with the failing edit's errors under its
 * edit-id; the capability and Accept-Patch advertised. Over real sockets,
 * uWS and node:http, both compliance modes.
 */
import type { Exchange } from './conformance/case.ts';
import { B, M, runEditCases, TOP, type EditCase, type Json, type Modal } from './edit-servers.ts';

type Edit = Record<string, unknown>;

const headers = (m: Modal): Record<string, string> =>
  m.strict ? { 'content-type': 'application/yang-patch+json', accept: 'application/yang-data+json' } : { 'content-type': 'application/yang-patch+json' };

/** A yang-patch document (the wrapper qualified when strict, plain otherwise: both are read in both modes). */
const patch = (m: Modal, id: string, edit: readonly Edit[]): Json => ({ [m.strict ? 'ietf-yang-patch:yang-patch' : 'yang-patch']: { 'patch-id': id, edit } });

const status = (m: Modal, body: Json): Json => ({ [m.strict ? 'ietf-yang-patch:yang-patch-status' : 'yang-patch-status']: body });

const ok = (m: Modal, id: string): Exchange['expect'] => ({ status: 200, json: status(m, { 'patch-id': id, ok: [null] }) });

/** A rejected patch: `status` and, for the edit `editId`, a first error like `error`. */
const rejected = (m: Modal, code: number, id: string, editId: string, error: Record<string, unknown>): Exchange['expect'] => ({
  status: code,
  like: status(m, { 'patch-id': id, 'edit-status': { edit: [{ 'edit-id': editId, errors: { error: [error] } }] } }),
});

const seed = (m: Modal): Json => m.top('top', { song: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], tag: ['x', 'y'], inner: { d: ['p'] }, limit: 5 });
const seeded = (m: Modal): Json => m.top('top', { song: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], tag: ['x', 'y'], inner: { d: ['p'] }, limit: 5 });

const cases: readonly EditCase[] = [
  {
    title: 'every operation in one patch on a data resource: create, insert before a point, move first and after a point, merge, replace, delete, remove',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 201 } },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p1', [
          { 'edit-id': 'e1', operation: 'create', target: '/song=d', value: m.top('song', [{ name: 'd' }]) },
          { 'edit-id': 'e2', operation: 'insert', target: '/song=0', where: 'before', point: '/song=a', value: m.top('song', [{ name: '0' }]) },
          { 'edit-id': 'e3', operation: 'move', target: '/song=c', where: 'first' },
          { 'edit-id': 'e4', operation: 'merge', target: '/inner', value: m.top('inner', { d: ['q'], x: 'm' }) },
          { 'edit-id': 'e5', operation: 'replace', target: '/song=b', value: m.top('song', [{ name: 'b', title: 'bee' }]) },
          { 'edit-id': 'e6', operation: 'delete', target: '/tag=x' },
          { 'edit-id': 'e7', operation: 'remove', target: '/tag=nope' },
          { 'edit-id': 'e8', operation: 'insert', target: '/tag=w', where: 'after', point: '/tag=y', value: m.top('tag', ['w']) },
          { 'edit-id': 'e9', operation: 'move', target: '/song=d', where: 'after', point: '/song=c' },
          { 'edit-id': 'e10', operation: 'insert', target: '/tag=v', where: 'first', value: m.top('tag', ['v']) },
        ]),
        expect: ok(m, 'p1'),
      },
      {
        path: TOP, headers: m.get,
        expect: { status: 200, json: m.top('top', { song: [{ name: 'c' }, { name: 'd' }, { name: '0' }, { name: 'a' }, { name: 'b', title: 'bee' }], tag: ['v', 'y', 'w'], inner: { d: ['p', 'q'], x: 'm' }, limit: 5 }) },
      },
    ],
  },
  {
    title: 'a failing edit rejects the whole patch: 409 data-exists under its edit-id, nothing changed',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p2', [
          { 'edit-id': 'ok-one', operation: 'create', target: '/song=z', value: m.top('song', [{ name: 'z' }]) },
          { 'edit-id': 'merge-one', operation: 'merge', target: '/inner', value: m.top('inner', { x: 'changed' }) },
          { 'edit-id': 'bad-one', operation: 'create', target: '/song=a', value: m.top('song', [{ name: 'a' }]) },
        ]),
        expect: rejected(m, 409, 'p2', 'bad-one', { 'error-tag': 'data-exists', 'error-type': 'application', 'error-path': `/${M}:top/song[name='a']` }),
      },
      { path: TOP, headers: m.get, expect: { status: 200, json: seeded(m) } },
    ],
  },
  {
    title: 'delete of a missing target is 409 data-missing, a move too; a point that names no entry is bad-attribute; nothing changed',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p3', [
          { 'edit-id': 'first', operation: 'remove', target: '/song=a' },
          { 'edit-id': 'second', operation: 'delete', target: '/song=a' },
        ]),
        expect: rejected(m, 409, 'p3', 'second', { 'error-tag': 'data-missing', 'error-path': `/${M}:top/song[name='a']` }),
      },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p4', [{ 'edit-id': 'mv', operation: 'move', target: '/song=q', where: 'first' }]),
        expect: rejected(m, 409, 'p4', 'mv', { 'error-tag': 'data-missing' }),
      },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p5', [
          { 'edit-id': 'e1', operation: 'replace', target: '/limit', value: m.top('limit', 7) },
          { 'edit-id': 'e2', operation: 'insert', target: '/song=n', where: 'after', point: '/song=nope', value: m.top('song', [{ name: 'n' }]) },
        ]),
        expect: rejected(m, 400, 'p5', 'e2', { 'error-tag': 'bad-attribute', 'error-path': `/${M}:top/song[name='nope']` }),
      },
      { path: TOP, headers: m.get, expect: { status: 200, json: seeded(m) } },
    ],
  },
  {
    title: 'a constraint the patch as a whole breaks is a global error (412 operation-failed, must-violation); nothing changed',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p6', [
          { 'edit-id': 'e1', operation: 'create', target: '/song=z', value: m.top('song', [{ name: 'z' }]) },
          { 'edit-id': 'e2', operation: 'merge', target: '/limit', value: m.top('limit', 200) },
        ]),
        expect: { status: 412, like: status(m, { 'patch-id': 'p6', errors: { error: [{ 'error-tag': 'operation-failed', 'error-app-tag': 'must-violation', 'error-path': `/${M}:top/limit` }] } }) },
      },
      { path: TOP, headers: m.get, expect: { status: 200, json: seeded(m) } },
    ],
  },
  {
    title: 'edits that cannot be read are refused before anything is done, each under its edit-id; a malformed patch is 400 with RFC 8040 errors',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p7', [
          { 'edit-id': 'fine', operation: 'merge', target: '/inner', value: m.top('inner', { x: 'changed' }) },
          { 'edit-id': 'no-such-node', operation: 'merge', target: '/nothing', value: m.top('nothing', 1) },
          { 'edit-id': 'wrong-value', operation: 'replace', target: '/song=k', value: m.top('song', [{ name: 'other' }]) },
          { 'edit-id': 'system-ordered', operation: 'insert', target: '/plain=q', where: 'first', value: m.top('plain', [{ id: 'q' }]) },
        ]),
        expect: {
          status: 400,
          like: status(m, {
            'patch-id': 'p7',
            'edit-status': {
              edit: [
                { 'edit-id': 'no-such-node', errors: { error: [{ 'error-tag': 'unknown-element' }] } },
                { 'edit-id': 'wrong-value', errors: { error: [{ 'error-tag': 'invalid-value' }] } },
                { 'edit-id': 'system-ordered', errors: { error: [{ 'error-tag': 'invalid-value' }] } },
              ],
            },
          }),
        },
      },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p8', [{ 'edit-id': 'e1', operation: 'merge', target: '/inner' }]),
        expect: { status: 400, error: { tag: 'missing-element', message: /needs "value"/ } },
      },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: patch(m, 'p9', [{ 'edit-id': 'e1', operation: 'upsert', target: '/inner', value: {} }]),
        expect: { status: 400, error: { tag: 'invalid-value', message: /operation/ } },
      },
      { method: 'PATCH', path: TOP, headers: headers(m), body: { 'yang-patch': { edit: [] } }, expect: { status: 400, error: { tag: 'missing-element', message: /patch-id/ } } },
      { path: TOP, headers: m.get, expect: { status: 200, json: seeded(m) } },
    ],
  },
  {
    title: 'on the datastore: one transaction across modules, applied whole or not at all',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      { method: 'PUT', path: `/restconf/data/${B}:b`, headers: m.send, body: m.top('b', { v: 'one' }, B), expect: { status: 201 } },
      {
        method: 'PATCH', path: '/restconf/data', headers: headers(m),
        body: patch(m, 'd1', [
          { 'edit-id': 'b', operation: 'replace', target: `/${B}:b`, value: m.top('b', { v: 'two', w: ['k'] }, B) },
          { 'edit-id': 'top', operation: 'merge', target: `/${M}:top/inner`, value: m.top('inner', { x: 'both' }) },
        ]),
        expect: ok(m, 'd1'),
      },
      { path: `/restconf/data/${B}:b`, headers: m.get, expect: { status: 200, json: m.top('b', { v: 'two', w: ['k'] }, B) } },
      { path: `${TOP}/inner/x`, headers: m.get, expect: { status: 200, json: m.top('x', 'both') } },
      {
        method: 'PATCH', path: '/restconf/data', headers: headers(m),
        body: patch(m, 'd2', [
          { 'edit-id': 'b', operation: 'merge', target: `/${B}:b`, value: m.top('b', { v: 'three' }, B) },
          { 'edit-id': 'dup', operation: 'create', target: `/${M}:top/song=b`, value: m.top('song', [{ name: 'b' }]) },
        ]),
        expect: rejected(m, 409, 'd2', 'dup', { 'error-tag': 'data-exists' }),
      },
      { path: `/restconf/data/${B}:b/v`, headers: m.get, expect: { status: 200, json: m.top('v', 'two', B) } },
    ],
  },
  {
    title: 'on a list entry: targets relative to it ("/" is the entry itself); a missing request target is 404',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      {
        method: 'PATCH', path: `${TOP}/song=b`, headers: headers(m),
        body: patch(m, 'l1', [
          { 'edit-id': 'title', operation: 'create', target: '/title', value: m.top('title', 'bee') },
          { 'edit-id': 'self', operation: 'merge', target: '/', value: m.top('song', [{ name: 'b', title: 'bee2' }]) },
        ]),
        expect: ok(m, 'l1'),
      },
      { path: `${TOP}/song=b`, headers: m.get, expect: { status: 200, json: m.top('song', [{ name: 'b', title: 'bee2' }]) } },
      {
        method: 'PATCH', path: `${TOP}/song=nope`, headers: headers(m),
        body: patch(m, 'l2', [{ 'edit-id': 'e', operation: 'merge', target: '/title', value: m.top('title', 't') }]),
        expect: { status: 404, error: { tag: 'invalid-value' } },
      },
    ],
  },
  {
    title: 'a patch with no edits is accepted and changes nothing (RFC 8072 §2.2: list "edit" has no min-elements), with "edit" empty or absent',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: seed(m), expect: { status: 204 } },
      { method: 'PATCH', path: TOP, headers: headers(m), body: patch(m, 'none', []), expect: ok(m, 'none') },
      {
        method: 'PATCH', path: TOP, headers: headers(m),
        body: { [m.strict ? 'ietf-yang-patch:yang-patch' : 'yang-patch']: { 'patch-id': 'absent', comment: 'nothing to do' } },
        expect: ok(m, 'absent'),
      },
      { method: 'PATCH', path: '/restconf/data', headers: headers(m), body: patch(m, 'whole', []), expect: ok(m, 'whole') },
      { method: 'PATCH', path: `${TOP}/song=nope`, headers: headers(m), body: patch(m, 'gone', []), expect: { status: 404, error: { tag: 'invalid-value' } } },
      { path: TOP, headers: m.get, expect: { status: 200, json: seeded(m) } },
    ],
  },
  {
    title: 'advertised: the yang-patch capability in restconf-state, application/yang-patch+json in Accept-Patch',
    exchanges: (m) => [
      { path: '/restconf/data/ietf-restconf-monitoring:restconf-state/capabilities', headers: m.get, expect: { status: 200, text: /"urn:ietf:params:restconf:capability:yang-patch:1\.0"/ } },
      { method: 'OPTIONS', path: TOP, expect: { status: 204, headers: { 'accept-patch': /application\/yang-patch\+json/ } } },
    ],
  },
];

runEditCases(cases);
