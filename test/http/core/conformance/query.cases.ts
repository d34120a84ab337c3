/** RFC 8040 §4.8 query parameters and the service's rx.* ones: values, where each is valid, each at most once. */
import { STRICT, STRICT_GET, type Case } from './case.ts';

const JUKEBOX = '/restconf/data/example-jukebox:jukebox';
const TOP = '/restconf/data/hx-test:top';

export const queryCases: readonly Case[] = [
  {
    title: 'depth: 1..65535 or unbounded',
    fixture: 'jukebox-library',
    exchanges: [
      { path: `${JUKEBOX}?depth=1`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:jukebox': {} } } },
      { path: `${JUKEBOX}?depth=2`, expect: { status: 200, json: { jukebox: { library: {}, playlist: [{ name: 'Foo-One' }], player: {} } } } },
      { path: `${JUKEBOX}/player?depth=unbounded`, expect: { status: 200, json: { player: { gap: '0.5' } } } },
      { path: `${JUKEBOX}?depth=65535`, expect: { status: 200 } },
      { path: `${JUKEBOX}?depth=0`, expect: { status: 400, error: { tag: 'invalid-value', type: 'protocol', message: 'query parameter "depth": expected 1..65535 or "unbounded", got "0"' } } },
      { path: `${JUKEBOX}?depth=65536`, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: `${JUKEBOX}?depth=two`, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: `${JUKEBOX}?depth`, expect: { status: 400, error: { tag: 'invalid-value', message: 'query parameter "depth": needs a value' } } },
    ],
  },
  {
    title: 'a parameter given twice is 400',
    fixture: 'jukebox-library',
    exchanges: [{ path: `${JUKEBOX}?depth=1&depth=2`, expect: { status: 400, error: { tag: 'invalid-value', message: 'query parameter "depth": given more than once' } } }],
  },
  {
    title: 'an unknown parameter is 400',
    fixture: 'jukebox-library',
    exchanges: [{ path: `${JUKEBOX}?deep=1`, expect: { status: 400, error: { tag: 'invalid-value', message: 'query parameter "deep": is not a query parameter of this server' } } }],
  },
  {
    title: 'read parameters are not valid on edits, nor edit parameters on reads',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${JUKEBOX}/player?depth=1`, headers: STRICT, body: { 'example-jukebox:player': {} }, expect: { status: 400, error: { tag: 'invalid-value', message: 'query parameter "depth": is not valid for PUT on this resource' } } },
      { method: 'DELETE', path: `${JUKEBOX}/player?content=config`, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: `${JUKEBOX}?insert=first`, expect: { status: 400, error: { tag: 'invalid-value', message: /"insert": is not valid for GET/ } } },
      { method: 'POST', path: '/restconf/operations/example-jukebox:play?depth=1', body: {}, expect: { status: 400, error: { tag: 'invalid-value' } } },
      { path: `/restconf?depth=1`, expect: { status: 400, error: { tag: 'invalid-value' } } },
    ],
  },
  {
    title: 'insert and point place entries of an ordered-by user list (RFC 8040 §4.8.5-6, B.3.5); their errors change nothing',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'POST', path: `${JUKEBOX}/playlist=Foo-One?insert=first`, headers: STRICT, body: { 'example-jukebox:song': [{ index: 2, id: 'x' }] }, expect: { status: 201 } },
      { method: 'POST', path: `${JUKEBOX}/playlist=Foo-One?insert=after&point=%2Fexample-jukebox%3Ajukebox%2Fplaylist%3DFoo-One%2Fsong%3D2`, headers: STRICT, body: { 'example-jukebox:song': [{ index: 3, id: 'y' }] }, expect: { status: 201 } },
      { method: 'PUT', path: `${JUKEBOX}/playlist=Foo-One/song=4?point=x`, headers: STRICT, body: { 'example-jukebox:song': [{ index: 4, id: 'z' }] }, expect: { status: 400, error: { tag: 'invalid-value', message: /"point": must be the api-path/ } } },
      { method: 'PUT', path: `${JUKEBOX}/playlist=Foo-One/song=4?insert=before`, headers: STRICT, body: { 'example-jukebox:song': [{ index: 4, id: 'z' }] }, expect: { status: 400, error: { tag: 'missing-attribute' } } },
      { path: `${JUKEBOX}/playlist=Foo-One/song=4`, expect: { status: 404 } },
      { path: `${JUKEBOX}/playlist=Foo-One/song?fields=index`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:song': [{ index: 2 }, { index: 3 }, { index: 1 }] } } },
    ],
  },
  {
    title: 'content: config, nonconfig, all (B.3.1)',
    fixture: 'events',
    exchanges: [
      { path: '/restconf/data/example-events:events?content=all', headers: STRICT_GET, expect: { status: 200, json: { 'example-events:events': { event: [{ name: 'interface-up', description: 'Interface up notification count', 'event-count': 42 }, { name: 'interface-down', description: 'Interface down notification count', 'event-count': 4 }] } } } },
      { path: '/restconf/data/example-events:events?content=config', headers: STRICT_GET, expect: { status: 200, json: { 'example-events:events': { event: [{ name: 'interface-up', description: 'Interface up notification count' }, { name: 'interface-down', description: 'Interface down notification count' }] } } } },
      { path: '/restconf/data/example-events:events?content=nonconfig', headers: STRICT_GET, expect: { status: 200, json: { 'example-events:events': { event: [{ name: 'interface-up', 'event-count': 42 }, { name: 'interface-down', 'event-count': 4 }] } } } },
      { path: '/restconf/data/example-events:events?content=state', expect: { status: 400, error: { tag: 'invalid-value', message: /"content": expected config, nonconfig, all/ } } },
    ],
  },
  {
    title: 'fields selects descendants; unknown names are 400 (B.3.3)',
    fixture: 'jukebox-library',
    exchanges: [
      { path: `${JUKEBOX}/library?fields=artist/album(name;year)`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:library': { artist: [{ name: 'Foo Fighters', album: [{ name: 'Wasting Light', year: 2011 }] }] } } } },
      { path: `${JUKEBOX}?fields=player;playlist(name)`, expect: { status: 200, json: { jukebox: { playlist: [{ name: 'Foo-One' }], player: { gap: '0.5' } } } } },
      { path: `${JUKEBOX}?fields=nothing`, expect: { status: 400, error: { tag: 'invalid-value', message: /query parameter "fields": "nothing" is not a data node/ } } },
      { path: `${JUKEBOX}?fields=a((`, expect: { status: 400, error: { tag: 'invalid-value', message: /query parameter "fields"/ } } },
      { path: `${JUKEBOX}/player/gap?fields=x`, expect: { status: 400, error: { tag: 'invalid-value', message: /applies to a module root, container or list/ } } },
      { path: '/restconf/data?fields=x', expect: { status: 400, error: { tag: 'invalid-value', message: /on the datastore, a field starts with a module's top-level data node/ } } },
    ],
  },
  {
    title: 'rx.xfields leaves out the named descendants',
    fixture: 'jukebox-library',
    exchanges: [
      { path: `${JUKEBOX}/library/artist=Foo%20Fighters/album=Wasting%20Light?rx.xfields=song;genre`, expect: { status: 200, json: { album: [{ name: 'Wasting Light', year: 2011 }] } } },
      { path: `${JUKEBOX}?rx.xfields=library/nothing`, expect: { status: 400, error: { tag: 'invalid-value', message: /query parameter "rx.xfields"/ } } },
    ],
  },
  {
    title: 'with-defaults: report-all, trim, explicit, report-all-tagged (B.3.9)',
    fixture: 'example',
    exchanges: [
      { path: '/restconf/data/example:interfaces/interface=eth1?with-defaults=report-all', headers: STRICT_GET, expect: { status: 200, json: { 'example:interface': [{ name: 'eth1', mtu: 1500, status: 'up' }] } } },
      { path: '/restconf/data/example:interfaces/interface=eth1', headers: STRICT_GET, expect: { status: 200, json: { 'example:interface': [{ name: 'eth1', mtu: 1500, status: 'up' }] } } },
      { path: '/restconf/data/example:interfaces/interface=eth1?with-defaults=explicit', headers: STRICT_GET, expect: { status: 200, json: { 'example:interface': [{ name: 'eth1', status: 'up' }] } } },
      { path: '/restconf/data/example:interfaces/interface=eth1?with-defaults=report-all-tagged', headers: STRICT_GET, expect: { status: 200, json: { 'example:interface': [{ name: 'eth1', mtu: 1500, '@mtu': { 'ietf-netconf-with-defaults:default': true }, status: 'up' }] } } },
      // RFC 8040 §4.8.9 / RFC 6243 §3.4: with report-all-tagged, a leaf addressed directly that holds its default carries the annotation too
      { path: '/restconf/data/example:interfaces/interface=eth1/mtu?with-defaults=report-all-tagged', headers: STRICT_GET, expect: { status: 200, json: { 'example:mtu': 1500, '@example:mtu': { 'ietf-netconf-with-defaults:default': true } } } },
      { path: '/restconf/data/example:interfaces/interface=eth1/mtu?with-defaults=report-all-tagged', expect: { status: 200, json: { mtu: 1500, '@mtu': { 'ietf-netconf-with-defaults:default': true } } } },
      { path: '/restconf/data/example:interfaces/interface=eth2/mtu?with-defaults=report-all-tagged', headers: STRICT_GET, expect: { status: 200, json: { 'example:mtu': 9000 } } },
      { path: '/restconf/data/example:interfaces/interface=eth2/mtu?with-defaults=trim', expect: { status: 200, json: { mtu: 9000 } } },
      { path: '/restconf/data/example:interfaces/interface=eth1/mtu?with-defaults=trim', expect: { status: 404 } },
      { path: '/restconf/data/example:interfaces?with-defaults=all', expect: { status: 400, error: { tag: 'invalid-value', message: /"with-defaults": expected report-all, trim, explicit, report-all-tagged/ } } },
    ],
  },
  {
    title: 'rx.range selects rows N..M (from 0, inclusive) of a list',
    fixture: 'hx',
    exchanges: [
      { method: 'PATCH', path: TOP, body: { top: { numbered: [{ id: 1 }, { id: 2 }, { id: 3 }] } }, expect: { status: 204 } },
      { path: `${TOP}?rx.range=numbered!1-2&fields=numbered(id)`, expect: { status: 200, json: { top: { numbered: [{ id: 1 }, { id: 2 }] } } } },
      { path: `${TOP}/numbered?rx.range=!0-0`, expect: { status: 200, json: { numbered: [{ id: 7, v: 'seven' }] } } },
      { path: `${TOP}/numbered?rx.range=numbered!3-9`, expect: { status: 200, json: { numbered: [{ id: 3 }] } } },
      { path: `${TOP}?rx.range=numbered!2-1`, expect: { status: 400, error: { tag: 'invalid-value', message: /the first row 2 is after the last row 1/ } } },
      { path: `${TOP}?rx.range=name!0-1`, expect: { status: 400, error: { tag: 'invalid-value', message: /"name" names no list/ } } },
      { path: `${TOP}?rx.range=numbered`, expect: { status: 400, error: { tag: 'invalid-value', message: /expected <list_path>!<N>-<M>/ } } },
    ],
  },
  {
    title: 'rx.max-node-count lowers (or raises) the most nodes an answer holds; over it is too-big 400',
    fixture: 'jukebox-library',
    exchanges: [
      { path: `${JUKEBOX}/library?rx.max-node-count=3`, expect: { status: 400, error: { tag: 'too-big', message: /more than 3 data nodes/ } } },
      { path: `${JUKEBOX}/player?rx.max-node-count=2`, expect: { status: 200, json: { player: { gap: '0.5' } } } },
      { path: `${JUKEBOX}?rx.max-node-count=0`, expect: { status: 400, error: { tag: 'invalid-value', message: /"rx.max-node-count": expected a positive integer/ } } },
    ],
  },
  {
    title: 'query values are percent-decoded',
    fixture: 'jukebox-library',
    exchanges: [
      { path: `${JUKEBOX}?fields=player%3Bplaylist(name)`, expect: { status: 200, json: { jukebox: { playlist: [{ name: 'Foo-One' }], player: { gap: '0.5' } } } } },
      { path: `${JUKEBOX}?fields=%ZZ`, expect: { status: 400, error: { tag: 'invalid-value', message: /query parameter "fields"/ } } },
    ],
  },
];
