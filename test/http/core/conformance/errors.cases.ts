/** RFC 8040 §7 error bodies and the spec's predefined errors; request bodies that cannot be read. */
import { STRICT, STRICT_GET, type Case } from './case.ts';

const JUKEBOX = '/restconf/data/example-jukebox:jukebox';
const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export const errorCases: readonly Case[] = [
  {
    title: 'malformed JSON is 400 malformed-message with the line and column',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${JUKEBOX}/player`, headers: STRICT, body: '{\n  "example-jukebox:player": {\n    "gap": \n  }\n}', expect: { status: 400, error: { tag: 'malformed-message', type: 'rpc', message: /line 4, column 3/ }, like: { 'ietf-restconf:errors': { error: [{ 'error-info': { line: 4, column: 3 } }] } } } },
      { method: 'PUT', path: `${JUKEBOX}/player`, headers: STRICT, body: '{"a":1,"a":2}', expect: { status: 400, error: { tag: 'malformed-message' } } },
      { path: `${JUKEBOX}/player`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:player': { gap: '0.5' } } } },
    ],
  },
  {
    title: 'a body that is not UTF-8 is 400 malformed-message',
    fixture: 'jukebox-library',
    exchanges: [{ method: 'PUT', path: `${JUKEBOX}/player`, headers: STRICT, body: Buffer.from([0x7b, 0xff, 0x7d]), expect: { status: 400, error: { tag: 'malformed-message', message: /not valid UTF-8/ } } }],
  },
  {
    title: 'decoding errors name the path and the reason; every one is reported',
    fixture: 'jukebox-library',
    exchanges: [
      {
        method: 'PUT',
        path: `${JUKEBOX}/library/artist=Foo%20Fighters/album=Wasting%20Light`,
        headers: STRICT,
        body: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 1800, genre: 'example-jukebox:polka' }] },
        expect: { status: 400, error: { tag: 'invalid-value', path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/year" } },
      },
    ],
  },
  {
    title: 'a request body over the limit is 413 too-big, and nothing changes',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${JUKEBOX}/player`, headers: STRICT, body: JSON.stringify({ 'example-jukebox:player': { gap: '1.0' }, pad: 'x'.repeat(300 * 1024) }), expect: { status: 413, error: { tag: 'too-big', type: 'transport', message: /larger than 262144 bytes/ } } },
      { path: `${JUKEBOX}/player/gap`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:gap': '0.5' } } },
    ],
  },
  {
    title: 'filters: no credentials is the predefined unauthorized (401), with the challenge',
    fixture: 'auth',
    exchanges: [
      { path: JUKEBOX, headers: STRICT_GET, expect: { status: 401, headers: { 'www-authenticate': 'Basic realm="rxconf"' }, error: { tag: 'access-denied', message: 'unauthorized' } } },
      { path: JUKEBOX, headers: { authorization: basic('admin', 'wrong') }, expect: { status: 401, error: { tag: 'access-denied', message: 'unauthorized: bad user name or password' } } },
      { path: JUKEBOX, headers: { authorization: 'Bearer abc' }, expect: { status: 401, error: { tag: 'access-denied', message: 'unauthorized: Bearer is not a supported scheme' } } },
    ],
  },
  {
    title: 'filters are a stage in front of the core: their error comes before the core\'s checks of the query, in the request\'s compliance mode',
    fixture: 'auth',
    exchanges: [
      { path: `${JUKEBOX}?depth=0`, headers: STRICT_GET, expect: { status: 401, headers: { 'content-type': 'application/yang-data+json', 'www-authenticate': 'Basic realm="rxconf"' }, error: { tag: 'access-denied', message: 'unauthorized' } } },
      { path: `${JUKEBOX}?depth=0`, headers: { authorization: basic('admin', 'secret') }, expect: { status: 400, error: { tag: 'invalid-value' } } },
    ],
  },
  {
    title: 'filters put the user in the context every node sees; a node refuses with the wrapped predefined error (401)',
    fixture: 'auth',
    exchanges: [
      { path: `${JUKEBOX}/player`, headers: { authorization: basic('guest', 'guest') }, expect: { status: 200, json: { player: { gap: '0.5' } } } },
      { path: `${JUKEBOX}/library`, headers: { authorization: basic('guest', 'guest') }, expect: { status: 401, headers: { 'www-authenticate': 'Basic realm="rxconf"' }, error: { tag: 'access-denied', message: 'unauthorized: guest may not see the library' } } },
      { path: `${JUKEBOX}/library/artist-count`, headers: { authorization: basic('admin', 'secret') }, expect: { status: 200, json: { 'artist-count': 1 } } },
    ],
  },
  {
    title: 'a node\'s forbidden (403) refuses an edit and nothing changes',
    fixture: 'auth',
    exchanges: [
      { method: 'PUT', path: `${JUKEBOX}/player/gap`, headers: { authorization: basic('guest', 'guest') }, body: { gap: '1.5' }, expect: { status: 403, headers: { 'www-authenticate': null }, error: { tag: 'access-denied', message: 'forbidden: guest may not edit' } } },
      { path: `${JUKEBOX}/player/gap`, headers: { authorization: basic('guest', 'guest') }, expect: { status: 200, json: { gap: '0.5' } } },
      { method: 'PUT', path: `${JUKEBOX}/player/gap`, headers: { authorization: basic('admin', 'secret') }, body: { gap: '1.5' }, expect: { status: 204 } },
    ],
  },
  {
    title: 'each predefined error a node throws picks its status; wrapped, it keeps it and enhances the message',
    fixture: 'predefined',
    exchanges: [
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'unauthorized' }, expect: { status: 401, error: { tag: 'access-denied', message: 'unauthorized' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'unauthorized:token expired' }, expect: { status: 401, error: { tag: 'access-denied', message: 'unauthorized: token expired' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'forbidden' }, expect: { status: 403, error: { tag: 'access-denied', message: 'forbidden' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'notFound:no player here' }, expect: { status: 404, error: { tag: 'invalid-value', message: 'not found: no player here' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'badRequest' }, expect: { status: 400, error: { tag: 'invalid-value', message: 'bad request' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'conflict:busy' }, expect: { status: 409, error: { tag: 'data-exists', message: 'conflict: busy' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-throw': 'notImplemented' }, expect: { status: 501, error: { tag: 'operation-not-supported', message: 'not implemented' } } },
      { method: 'PUT', path: `${JUKEBOX}/player`, headers: { 'x-throw': 'conflict' }, body: { player: { gap: '1.0' } }, expect: { status: 409, error: { tag: 'data-exists' } } },
      { path: `${JUKEBOX}/player`, expect: { status: 200, json: { player: { gap: '0.5' } } } },
    ],
  },
  {
    title: 'a node\'s plain Error is 500 operation-failed with its message',
    fixture: 'auth',
    exchanges: [
      { path: `${JUKEBOX}/player`, headers: { authorization: basic('broken', 'broken'), ...STRICT_GET }, expect: { status: 500, error: { tag: 'operation-failed', type: 'application', message: 'the player is unplugged' } } },
    ],
  },
  {
    title: 'OPTIONS answers whether the caller may reach the path',
    fixture: 'auth',
    exchanges: [
      { method: 'OPTIONS', path: `${JUKEBOX}/library`, headers: { authorization: basic('admin', 'secret') }, expect: { status: 204, headers: { allow: 'GET, HEAD, OPTIONS, PUT, PATCH, POST, DELETE' } } },
      { method: 'OPTIONS', path: `${JUKEBOX}/library/artist=Foo%20Fighters`, headers: { authorization: basic('guest', 'guest') }, expect: { status: 401, error: { tag: 'access-denied', message: 'unauthorized: guest may not see the library' } } },
      { method: 'OPTIONS', path: `${JUKEBOX}/library`, expect: { status: 401 } },
    ],
  },
  {
    title: 'filters run in order, may wait, see the context so far, and end the request with their error',
    fixture: 'two-filters',
    exchanges: [
      { path: `${JUKEBOX}/player`, headers: { 'x-deny': '1' }, expect: { status: 403, error: { tag: 'access-denied', message: 'denied for first' } } },
      { path: `${JUKEBOX}/player`, headers: { 'x-crash': '1' }, expect: { status: 500, error: { tag: 'operation-failed', message: 'filter crashed' } } },
      { path: `${JUKEBOX}/player`, expect: { status: 200 } },
    ],
  },
];
