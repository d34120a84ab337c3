/** RFC 8040 §3: discovery, the API root, its children, and paths outside them. */
import { STRICT_GET, type Case } from './case.ts';

export const routingCases: readonly Case[] = [
  {
    title: 'host-meta is an XRD with the restconf link (RFC 8040 §3.1)',
    fixture: 'jukebox',
    exchanges: [{
      path: '/.well-known/host-meta',
      expect: { status: 200, headers: { 'content-type': 'application/xrd+xml' }, text: /<XRD xmlns='http:\/\/docs\.oasis-open\.org\/ns\/xri\/xrd-1\.0'>\s*<Link rel='restconf' href='\/restconf'\/>\s*<\/XRD>/ },
    }],
  },
  {
    title: 'host-meta.json is the JRD form (RFC 6415 §3), whatever Accept says',
    fixture: 'jukebox',
    exchanges: [{
      path: '/.well-known/host-meta.json',
      headers: { accept: 'application/xml' },
      expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { links: [{ rel: 'restconf', href: '/restconf' }] } },
    }],
  },
  {
    title: 'the API root lists data, operations and yang-library-version (B.1.1)',
    fixture: 'jukebox',
    exchanges: [
      {
        path: '/restconf',
        headers: STRICT_GET,
        expect: {
          status: 200,
          headers: { 'content-type': 'application/yang-data+json' },
          json: { 'ietf-restconf:restconf': { data: {}, operations: {}, 'yang-library-version': '2019-01-04' } },
        },
      },
      { path: '/restconf/', expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { restconf: { data: {}, operations: {}, 'yang-library-version': '2019-01-04' } } } },
    ],
  },
  {
    title: 'yang-library-version (RFC 8040 §3.3.3)',
    fixture: 'jukebox',
    exchanges: [
      { path: '/restconf/yang-library-version', headers: STRICT_GET, expect: { status: 200, json: { 'ietf-restconf:yang-library-version': '2019-01-04' } } },
      { path: '/restconf/yang-library-version', expect: { status: 200, json: { 'yang-library-version': '2019-01-04' } } },
    ],
  },
  {
    title: 'the operations resource lists every rpc (RFC 8040 §3.3.2)',
    fixture: 'hx',
    exchanges: [
      { path: '/restconf/operations', headers: STRICT_GET, expect: { status: 200, json: { 'ietf-restconf:operations': { 'hx-test:noop': [null], 'hx-test:echo': [null] } } } },
      { path: '/restconf/operations', expect: { status: 200, json: { operations: { noop: [null], echo: [null] } } } },
    ],
  },
  {
    title: 'HEAD answers the headers of GET and no body',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'HEAD', path: '/restconf/data/example-jukebox:jukebox/player', headers: STRICT_GET, expect: { status: 200, headers: { 'content-type': 'application/yang-data+json', 'content-length': /^[1-9][0-9]*$/ }, text: '' } },
      { method: 'HEAD', path: '/restconf', expect: { status: 200, headers: { 'content-type': 'application/json' }, text: '' } },
      { method: 'HEAD', path: '/restconf/data/example-jukebox:jukebox/playlist=Nope', expect: { status: 404, text: '' } },
    ],
  },
  {
    title: 'a path outside the RESTCONF resources is 404 with an error body',
    fixture: 'jukebox',
    exchanges: [
      { path: '/nowhere', expect: { status: 404, error: { tag: 'invalid-value', type: 'protocol', message: 'no resource at /nowhere', key: 'errors' } } },
      { path: '/restconfx/data', headers: STRICT_GET, expect: { status: 404, error: { tag: 'invalid-value', key: 'ietf-restconf:errors' } } },
      { path: '/restconf/yang-library-version/x', expect: { status: 404, error: { tag: 'invalid-value' } } },
    ],
  },
  {
    title: 'the fixed resources take only GET, HEAD and OPTIONS',
    fixture: 'jukebox',
    exchanges: [
      { method: 'POST', path: '/restconf', body: {}, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' }, error: { tag: 'operation-not-supported', message: /POST is not allowed on the API root/ } } },
      { method: 'DELETE', path: '/restconf/operations', expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' }, error: { tag: 'operation-not-supported' } } },
      { method: 'OPTIONS', path: '/restconf/yang-library-version', expect: { status: 204, headers: { allow: 'GET, HEAD, OPTIONS' }, text: '' } },
      { method: 'PUT', path: '/.well-known/host-meta', body: {}, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } } },
    ],
  },
  {
    title: 'the YANG library route answers 404 until a handler is given',
    fixture: 'jukebox',
    exchanges: [
      { path: '/restconf/data/ietf-yang-library:yang-library', headers: STRICT_GET, expect: { status: 404, error: { tag: 'invalid-value', message: 'the YANG library is not served here' } } },
    ],
  },
  {
    title: 'the YANG library hook gets the YANG library paths',
    fixture: 'hooks',
    exchanges: [
      { path: '/restconf/data/ietf-yang-library:modules-state', headers: STRICT_GET, expect: { status: 200, json: { hook: 'yang-library', path: '/ietf-yang-library:modules-state' } } },
    ],
  },
  {
    title: 'event streams answer 501 until a streams handler is given',
    fixture: 'hx',
    exchanges: [
      { path: '/restconf/data/hx-test:alarm', expect: { status: 501, error: { tag: 'operation-not-supported', message: 'event streams are not served here' } } },
      { path: '/restconf/streams/hx-test:alarm', headers: STRICT_GET, expect: { status: 501, error: { tag: 'operation-not-supported' } } },
      { method: 'POST', path: '/restconf/data/hx-test:alarm', body: {}, expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } } },
      { path: '/restconf/data/hx-test:top?filter=x', expect: { status: 400, error: { tag: 'invalid-value', message: 'query parameter "filter": is not valid for GET on this resource' } } },
    ],
  },
  {
    title: 'the streams hook gets notification paths and /restconf/streams, with the stream parameters',
    fixture: 'hooks',
    exchanges: [
      {
        path: '/restconf/data/hx-test:alarm?filter=severity%3dmajor&start-time=2024-01-01T00:00:00Z',
        expect: { status: 200, json: { hook: 'streams', path: '/hx-test:alarm', strict: false, notification: ['alarm'], params: { filter: 'severity=major', 'start-time': '2024-01-01T00:00:00Z' } } },
      },
      { path: '/restconf/streams/NETCONF/json', headers: STRICT_GET, expect: { status: 200, json: { hook: 'streams', path: '/NETCONF/json', strict: true, notification: null, params: {} } } },
      { path: '/restconf/streams/hx-test:alarm', headers: STRICT_GET, expect: { status: 200, json: { hook: 'streams', path: '/hx-test:alarm', strict: true, notification: ['alarm'], params: {} } } },
      { path: '/restconf/streams/x?depth=1', expect: { status: 400, error: { tag: 'invalid-value', message: /"depth": is not valid for GET/ } } },
    ],
  },
];
