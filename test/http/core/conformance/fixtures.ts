/** The server states conformance cases start from, each made fresh for every case. */
import type { Node, RequestContext } from '../../../../src/actors/index.ts';
import { DataContainerNode } from '../../../../src/actors/index.ts';
import type { ChildRequest } from '../../../../src/actors/requests.ts';
import { restconfError } from '../../../../src/errors/index.ts';
import { forbidden, PREDEFINED_ERRORS, unauthorized, wrapError } from '../../../../src/errors/predefined.ts';
import type { CoreOptions, RequestFilter } from '../../../../src/http/core/index.ts';
import { feedDevice, type FeedProbe } from '../feed-node.ts';
import { serve, type Served } from '../served.ts';

export const SONG_ROPE = "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/song[name='Rope']";

/** The library of RFC 8040 B.3.2. */
export const jukeboxLibrary = {
  'example-jukebox:jukebox': {
    library: {
      artist: [{
        name: 'Foo Fighters',
        album: [{
          name: 'Wasting Light',
          genre: 'example-jukebox:alternative',
          year: 2011,
          song: [
            { name: 'Wasting Light', location: '/media/foo/a7/wasting-light.mp3', format: 'MP3', length: 286 },
            { name: 'Rope', location: '/media/foo/a7/rope.mp3', format: 'MP3', length: 259 },
          ],
        }],
      }],
      'artist-count': 1,
      'album-count': 1,
      'song-count': 2,
    },
    playlist: [{ name: 'Foo-One', description: 'example playlist 1', song: [{ index: 1, id: SONG_ROPE }] }],
    player: { gap: '0.5' },
  },
};

const hxSeed = {
  'hx-test:top': {
    name: 'box',
    label: 'box',
    big: '9007199254740993',
    tag: ['a', 'b'],
    blob: { any: ['thing', 1] },
    multi: [{ a: ',\'":" /', b: '', c: 'foo', v: 'odd keys' }],
    numbered: [{ id: 7, v: 'seven' }],
    colored: [{ color: 'hx-test:red' }],
    radius: 3,
    stats: { uptime: 42, counter: [{ n: 1 }, { n: 2 }] },
    'hx-augment:extra': 'more',
    'hx-augment:name': 'other name',
  },
};

/** HTTP Basic: admin/secret may do anything; guest/guest may not see the library nor edit; broken/broken breaks the player. */
const basicAuth: RequestFilter = (request) => {
  const header = request.headers.get('authorization');
  if (header === undefined) return unauthorized;
  const [scheme, encoded = ''] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic') return wrapError(unauthorized, `${scheme ?? ''} is not a supported scheme`);
  const [user = '', password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
  const users: Record<string, string> = { admin: 'secret', guest: 'guest', broken: 'broken' };
  if (users[user] === undefined || users[user] !== password) return wrapError(unauthorized, 'bad user name or password');
  return { user, roles: user === 'admin' ? ['admin'] : [] };
};

/** A node that asks the request context who is calling. */
const guarded = (node: Node, context: RequestContext): Node => {
  const guard = Object.create(node) as Node;
  const child = node.child;
  return Object.assign(guard, {
    child: (r: ChildRequest) => {
      if (r.meta.name === 'library' && context.user === 'guest') throw wrapError(unauthorized, 'guest may not see the library');
      if (r.meta.name === 'player' && context.user === 'broken') throw new Error('the player is unplugged');
      const c = child?.call(node, r);
      return c instanceof DataContainerNode || c === undefined ? (c === undefined ? c : guarded(c, context)) : c;
    },
    beginEdit: (...args: Parameters<NonNullable<Node['beginEdit']>>) => {
      if (context.user !== 'admin') throw wrapError(forbidden, `${String(context.user)} may not edit`);
      return node.beginEdit?.(...args);
    },
  });
};

/** Throws the predefined error the request names in `x-throw` (`name` or `name:text` to wrap it) when the player is read. */
const throwing = (node: Node, context: RequestContext): Node => {
  const child = node.child;
  return Object.assign(Object.create(node) as Node, {
    child: (r: ChildRequest) => {
      const wanted = context['throw'];
      if (r.meta.name === 'player' && typeof wanted === 'string') {
        const [name = '', text] = wanted.split(':');
        const error = PREDEFINED_ERRORS[name as keyof typeof PREDEFINED_ERRORS];
        throw text === undefined ? error : wrapError(error, text);
      }
      const c = child?.call(node, r);
      return c instanceof DataContainerNode ? throwing(c, context) : c;
    },
  });
};

const fixtures = {
  jukebox: () => served(serve(['example-jukebox'], { handlers: { 'example-jukebox:play': () => undefined } })),
  'jukebox-library': () => served(serve(['example-jukebox'], { seed: jukeboxLibrary })),
  'jukebox-no-handlers': () => served(serve(['example-jukebox'])),
  ops: () => served(serve(['example-ops'], {
    handlers: {
      'example-ops:reboot': () => undefined,
      'example-ops:get-reboot-info': () => ({ 'reboot-time': 30, message: 'Going down for system maintenance', language: 'en-US' }),
    },
  })),
  actions: () => served(serve(['example-actions'], {
    seed: { 'example-actions:interfaces': { interface: [{ name: 'eth0' }] } },
    handlers: {
      'example-actions:reset': () => undefined,
      'example-actions:get-last-reset-time': () => ({ 'last-reset': '2015-10-10T02:14:11Z' }),
    },
  })),
  events: () => served(serve(['example-events'], {
    seed: {
      'example-events:events': {
        event: [
          { name: 'interface-up', description: 'Interface up notification count', 'event-count': 42 },
          { name: 'interface-down', description: 'Interface down notification count', 'event-count': 4 },
        ],
      },
    },
  })),
  example: () => served(serve(['example'], { seed: { 'example:interfaces': { interface: [{ name: 'eth1', status: 'up' }, { name: 'eth2', mtu: 9000 }] } } })),
  hx: () => served(serve(['hx-test', 'hx-augment'], {
    seed: hxSeed,
    handlers: {
      'hx-test:echo': (input) => ({ text: input['text'] }),
      'hx-test:ping': () => ({ pong: 'pong' }),
    },
  })),
  'hx-no-handlers': () => served(serve(['hx-test', 'hx-augment'], { seed: hxSeed })),
  auth: () => served(serve(['example-jukebox'], { seed: jukeboxLibrary, guard: guarded }), {
    filters: [basicAuth],
    authenticate: 'Basic realm="rxconf"',
  }),
  'two-filters': () => served(serve(['example-jukebox'], { seed: jukeboxLibrary }), {
    filters: [
      async () => ({ user: 'first' }),
      (request, context) => (request.headers.get('x-deny') === undefined ? { seenUser: context.user } : restconfError('access-denied', `denied for ${String(context.user)}`, { status: 403 })),
      (request) => {
        if (request.headers.get('x-crash') !== undefined) throw new Error('filter crashed');
        return undefined;
      },
    ],
  }),
  predefined: () => served(serve(['example-jukebox'], { seed: jukeboxLibrary, guard: throwing }), {
    filters: [(request) => ({ throw: request.headers.get('x-throw') })],
  }),
  hooks: () => served(serve(['hx-test']), {
    streams: (r) => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hook: 'streams', path: r.path, strict: r.strict, notification: r.notification?.steps.map((s) => s.meta.name) ?? null, params: Object.fromEntries(r.params) }),
    }),
    yangLibrary: (r) => ({ status: 200, headers: { 'content-type': r.mediaType }, body: JSON.stringify({ hook: 'yang-library', path: r.path }) }),
  }),
  feed: (): Fixture => {
    const { device, probe } = feedDevice();
    return { served: undefined, options: { device }, probe };
  },
} satisfies Record<string, () => Fixture>;

export interface Fixture {
  /** The datastore-backed fixtures' insides. */
  readonly served: Served | undefined;
  readonly options: CoreOptions;
  /** The feed fixture's probe. */
  readonly probe?: FeedProbe;
}

const served = (s: Served, extra: Omit<CoreOptions, 'device'> = {}): Fixture => ({ served: s, options: { device: s.device, ...extra } });

export type FixtureName = keyof typeof fixtures;

export const fixture = (name: FixtureName): Fixture => fixtures[name]();
