/**
 * Plain PATCH merges leaf-lists (RFC 8040 §4.6.1 merge,
 * RFC 7950 §7.7.9): the values held stay, in their order, and the body's
 * values not held yet are added after them — at every level (a container
 * target, a container above, the module root, the datastore). PUT still
 * replaces. Over real sockets, uWS and node:http, both compliance modes.
 */
import { B, M, runEditCases, TOP, type EditCase } from './edit-servers.ts';

const ROOT = `/restconf/data/${M}:`;

const cases: readonly EditCase[] = [
  {
    title: 'PATCH of a container merges its leaf-list: PUT ["x"], PATCH ["y"] gives ["x","y"]; a value held is not repeated; PUT replaces',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { inner: { d: ['x'] } }), expect: { status: 201 } },
      { method: 'PATCH', path: `${TOP}/inner`, headers: m.send, body: m.top('inner', { d: ['y'] }), expect: { status: 204 } },
      { path: `${TOP}/inner/d`, headers: m.get, expect: { status: 200, json: m.top('d', ['x', 'y']) } },
      { method: 'PATCH', path: `${TOP}/inner`, headers: m.send, body: m.top('inner', { d: ['y', 'z', 'x'], x: 'set' }), expect: { status: 204 } },
      { path: `${TOP}/inner`, headers: m.get, expect: { status: 200, json: m.top('inner', { d: ['x', 'y', 'z'], x: 'set' }) } },
      // PUT still replaces
      { method: 'PUT', path: `${TOP}/inner`, headers: m.send, body: m.top('inner', { d: ['q'] }), expect: { status: 204 } },
      { path: `${TOP}/inner/d`, headers: m.get, expect: { status: 200, json: m.top('d', ['q']) } },
    ],
  },
  {
    title: 'PATCH of an ancestor merges the leaf-lists below it (container and ordered-by user leaf-list)',
    exchanges: (m) => [
      { method: 'PUT', path: TOP, headers: m.send, body: m.top('top', { inner: { d: ['a'] }, tag: ['t1', 't2'] }), expect: { status: 204 } },
      { method: 'PATCH', path: TOP, headers: m.send, body: m.top('top', { inner: { d: ['b'] }, tag: ['t3', 't1'] }), expect: { status: 204 } },
      { path: TOP, headers: m.get, expect: { status: 200, json: m.top('top', { inner: { d: ['a', 'b'] }, tag: ['t1', 't2', 't3'] }) } },
    ],
  },
  {
    title: 'PATCH of the module root merges a top-level leaf-list',
    exchanges: (m) => [
      { method: 'PUT', path: ROOT, headers: m.send, body: m.top('d', ['x']), expect: { status: 204 } },
      { method: 'PATCH', path: ROOT, headers: m.send, body: m.top('d', ['y']), expect: { status: 204 } },
      { path: `${ROOT.slice(0, -1)}:d`, headers: m.get, expect: { status: 200, json: m.top('d', ['x', 'y']) } },
    ],
  },
  {
    title: 'PATCH of the datastore merges leaf-lists in every module it names',
    exchanges: (m) => [
      { method: 'PUT', path: `/restconf/data/${B}:b`, headers: m.send, body: m.top('b', { w: ['p'] }, B), expect: { status: 201 } },
      { method: 'PATCH', path: '/restconf/data', headers: m.send, body: { [`${M}:d`]: ['z'], [`${B}:b`]: { w: ['q'] } }, expect: { status: 204 } },
      { path: `/restconf/data/${M}:d`, headers: m.get, expect: { status: 200, json: m.top('d', ['x', 'y', 'z']) } },
      { path: `/restconf/data/${B}:b/w`, headers: m.get, expect: { status: 200, json: m.top('w', ['p', 'q'], B) } },
      { method: 'PATCH', path: '/restconf/data', headers: m.send, body: { 'ietf-restconf:data': { [`${M}:d`]: ['x', 'w'] } }, expect: { status: 204 } },
      { path: `/restconf/data/${M}:d`, headers: m.get, expect: { status: 200, json: m.top('d', ['x', 'y', 'z', 'w']) } },
    ],
  },
];

runEditCases(cases);
