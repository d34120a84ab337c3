/** RFC 8040 §3.5.3 api-paths: qualifiers, keys, leaf-list values, operations; which errors are 400 and which 404. */
import { STRICT_GET, type Case } from './case.ts';

const TOP = '/restconf/data/hx-test:top';

export const apiPathCases: readonly Case[] = [
  {
    title: 'the first segment must name its module',
    fixture: 'hx',
    exchanges: [
      { path: '/restconf/data/top', expect: { status: 400, error: { tag: 'unknown-namespace', type: 'protocol', message: /names its module/ } } },
      { path: '/restconf/data/nomodule:top', expect: { status: 400, error: { tag: 'unknown-namespace', message: '"nomodule" is not a module served here' } } },
    ],
  },
  {
    title: 'an unknown node is 400 unknown-element, naming where',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/nothing`, expect: { status: 400, error: { tag: 'unknown-element', path: '/hx-test:top', message: 'container "top" has no node "nothing"' } } },
      { path: '/restconf/data/hx-test:nothing', expect: { status: 400, error: { tag: 'unknown-element', message: 'module "hx-test" has no node "hx-test:nothing"' } } },
    ],
  },
  {
    title: 'a qualifier elsewhere must be the module of the node',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/hx-augment:extra`, expect: { status: 200, json: { extra: 'more' } } },
      { path: `${TOP}/hx-test:name`, expect: { status: 200, json: { 'hx-test:name': 'box' } } },
      { path: `${TOP}/hx-augment:name`, headers: STRICT_GET, expect: { status: 200, json: { 'hx-augment:name': 'other name' } } },
      { path: `${TOP}/hx-augment:tag`, expect: { status: 400, error: { tag: 'unknown-namespace', message: '"tag" in container "top" is in module hx-test, not hx-augment' } } },
      { path: `${TOP}/bogus:tag`, expect: { status: 400, error: { tag: 'unknown-namespace', message: /"bogus" .* is not the name of a module/ } } },
    ],
  },
  {
    title: 'an unqualified name is the parent module\'s; another module\'s node needs its qualifier in the strict mode',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/name`, headers: STRICT_GET, expect: { status: 200, json: { 'hx-test:name': 'box' } } },
      { path: `${TOP}/name`, expect: { status: 200, json: { 'hx-test:name': 'box' } } },
      { path: `${TOP}/extra`, expect: { status: 200, json: { extra: 'more' } } },
      { path: `${TOP}/extra`, headers: STRICT_GET, expect: { status: 400, error: { tag: 'unknown-namespace', message: /qualify it as "hx-augment:extra"/ } } },
    ],
  },
  {
    title: 'list keys: all of them, in key order, percent-decoded (RFC 8040 §3.5.3 example)',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/multi=%2C%27%22%3A%22%20%2F,,foo`, headers: STRICT_GET, expect: { status: 200, json: { 'hx-test:multi': [{ a: ',\'":" /', b: '', c: 'foo', v: 'odd keys' }] } } },
      { path: `${TOP}/multi=%2C%27%22%3A%22%20%2F,,foo/v`, expect: { status: 200, json: { v: 'odd keys' } } },
      { path: `${TOP}/multi=x,y`, expect: { status: 400, error: { tag: 'invalid-value', path: '/hx-test:top/multi', message: 'list "multi" has 3 keys (a, b, c), the path gives 2 values' } } },
      { path: `${TOP}/multi=x,y,z,w`, expect: { status: 400, error: { tag: 'invalid-value', message: /the path gives 4 values/ } } },
    ],
  },
  {
    title: 'key values are decoded with the key leaf\'s type',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/numbered=7`, expect: { status: 200, json: { numbered: [{ id: 7, v: 'seven' }] } } },
      { path: `${TOP}/numbered=300`, expect: { status: 400, error: { tag: 'invalid-value', path: '/hx-test:top/numbered', message: /bad key value for list "numbered": "id"/ } } },
      { path: `${TOP}/numbered=seven`, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: `${TOP}/colored=hx-test%3Ared`, headers: STRICT_GET, expect: { status: 200, json: { 'hx-test:colored': [{ color: 'red' }] } } },
      { path: `${TOP}/colored=hx-test%3Agreen`, expect: { status: 400, error: { tag: 'invalid-value' } } },
    ],
  },
  {
    title: 'a well-formed key that matches no entry is 404 (RFC 8040 §4.3)',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/numbered=8`, expect: { status: 404, error: { tag: 'invalid-value', type: 'protocol', path: "/hx-test:top/numbered[id='8']" } } },
      { path: `${TOP}/numbered=8/v`, headers: STRICT_GET, expect: { status: 404, error: { tag: 'invalid-value', key: 'ietf-restconf:errors' } } },
    ],
  },
  {
    title: 'a list without its keys is readable as a whole but cannot be gone below',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/numbered`, expect: { status: 200, json: { numbered: [{ id: 7, v: 'seven' }] } } },
      { path: `${TOP}/numbered/v`, expect: { status: 400, error: { tag: 'invalid-value', message: 'list "numbered" needs its key values (id) to go below it' } } },
      { path: `${TOP}/stats/counter=1`, expect: { status: 400, error: { tag: 'invalid-value', message: /list "counter" has no keys/ } } },
      { path: `${TOP}/stats/counter`, expect: { status: 200, json: { counter: [{ n: 1 }, { n: 2 }] } } },
    ],
  },
  {
    title: 'a leaf-list entry is named by its value',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/tag=b`, expect: { status: 200, json: { tag: ['b'] } } },
      { path: `${TOP}/tag=c`, expect: { status: 404, error: { tag: 'invalid-value' } } },
      { path: `${TOP}/tag`, expect: { status: 200, json: { tag: ['a', 'b'] } } },
      { path: `${TOP}/tag=a,b`, expect: { status: 400, error: { tag: 'invalid-value', message: /takes one value/ } } },
    ],
  },
  {
    title: 'values on containers and leaves, and paths below leaves, are 400',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}=1`, expect: { status: 400, error: { tag: 'invalid-value', message: 'container "top" takes no value in the path' } } },
      { path: `${TOP}/name=box`, expect: { status: 400, error: { tag: 'invalid-value', message: 'leaf "name" takes no value in the path' } } },
      { path: `${TOP}/name/more`, expect: { status: 400, error: { tag: 'invalid-value', message: /leaf "name" has nothing below it/ } } },
    ],
  },
  {
    title: 'choice and case are not in paths',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/radius`, expect: { status: 200, json: { radius: 3 } } },
      { path: `${TOP}/shape`, expect: { status: 400, error: { tag: 'unknown-element' } } },
    ],
  },
  {
    title: 'bad percent-encoding and bad identifiers are 400',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/numbered=%ZZ`, expect: { status: 400, error: { tag: 'invalid-value', message: /not an api-path/ } } },
      { path: '/restconf/data/hx-test:top//name', expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: '/restconf/data/hx-test:1top', expect: { status: 400, error: { tag: 'invalid-value' } } },
    ],
  },
  {
    title: 'the module root: /restconf/data/<module>: answers its top-level members',
    fixture: 'events',
    exchanges: [
      {
        path: '/restconf/data/example-events:?content=config',
        headers: STRICT_GET,
        expect: { status: 200, json: { 'example-events:events': { event: [{ name: 'interface-up', description: 'Interface up notification count' }, { name: 'interface-down', description: 'Interface down notification count' }] } } },
      },
    ],
  },
  {
    title: 'rpcs are at /restconf/operations in the strict mode, also at /restconf/data in the simplified one',
    fixture: 'hx',
    exchanges: [
      { method: 'POST', path: '/restconf/data/hx-test:echo', headers: STRICT_GET, body: { 'hx-test:input': { text: 'x' } }, expect: { status: 400, error: { tag: 'invalid-value', message: 'in the strict mode an rpc is invoked at /restconf/operations/hx-test:echo' } } },
      { method: 'POST', path: '/restconf/data/hx-test:echo', body: { text: 'x' }, expect: { status: 200, json: { text: 'x' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo', body: { text: 'y' }, expect: { status: 200, json: { text: 'y' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:nothing', expect: { status: 400, error: { tag: 'unknown-element', message: 'module hx-test has no rpc "nothing"' } } },
      { method: 'POST', path: '/restconf/operations/echo', expect: { status: 400, error: { tag: 'unknown-namespace' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo/text', expect: { status: 400, error: { tag: 'invalid-value' } } },
    ],
  },
];
