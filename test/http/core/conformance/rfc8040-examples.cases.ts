/**
 * The RFC 8040 example exchanges that apply to JSON, on fixture modules
 * after its Appendix A (test/fixtures/yang/http). Where RFC 7951 lets the
 * server choose (an identityref of the leaf's own module may be written
 * plain), the expected bodies are what this server writes.
 */
import { STRICT, STRICT_GET, type Case } from './case.ts';
import { SONG_ROPE } from './fixtures.ts';

const JUKEBOX = '/restconf/data/example-jukebox:jukebox';
const LIB = `${JUKEBOX}/library`;
const location = (path: string): RegExp => new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path}$`);

const twoArtists = {
  'example-jukebox:jukebox': {
    library: {
      artist: [
        { name: 'Foo Fighters', album: [{ name: 'One by One', year: 2012 }] },
        { name: 'Nick Cave and the Bad Seeds', album: [{ name: 'Tender Prey', year: 1988 }] },
      ],
    },
  },
};

export const rfc8040Cases: readonly Case[] = [
  {
    title: 'B.2.1: create new data resources with POST',
    fixture: 'jukebox',
    exchanges: [
      { method: 'POST', path: '/restconf/data', headers: STRICT, body: { 'example-jukebox:jukebox': {} }, expect: { status: 201, headers: { location: location('/restconf/data/example-jukebox:jukebox') } } },
      { method: 'POST', path: LIB, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Foo Fighters' }] }, expect: { status: 201, headers: { location: location('/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters') } } },
      { method: 'POST', path: `${LIB}/artist=Foo%20Fighters`, headers: STRICT, body: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2011 }] }, expect: { status: 201, headers: { location: location('/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light') } } },
      { path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2011 }] } } },
    ],
  },
  {
    title: 'B.2.3: edit a datastore resource with PATCH (ietf-restconf:data)',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PATCH', path: '/restconf/data', headers: STRICT, body: { 'ietf-restconf:data': twoArtists }, expect: { status: 204 } },
      { path: `${LIB}/artist=Foo%20Fighters?fields=album(name)`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:artist': [{ name: 'Foo Fighters', album: [{ name: 'Wasting Light' }, { name: 'One by One' }] }] } } },
      { path: `${LIB}/artist=Nick%20Cave%20and%20the%20Bad%20Seeds/album=Tender%20Prey/year`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:year': 1988 } } },
    ],
  },
  {
    title: 'B.2.4: replace a datastore resource with PUT',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: '/restconf/data', headers: STRICT, body: { 'ietf-restconf:data': twoArtists }, expect: { status: 204 } },
      { path: JUKEBOX, headers: STRICT_GET, expect: { status: 200, like: { 'example-jukebox:jukebox': { library: twoArtists['example-jukebox:jukebox'].library } } } },
      { path: `${JUKEBOX}/player`, headers: STRICT_GET, expect: { status: 404 } },
    ],
  },
  {
    title: 'B.2.5: edit a data resource with PATCH',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PATCH', path: `${LIB}/artist=Foo%20Fighters`, headers: STRICT, body: { 'example-jukebox:artist': [{ name: 'Foo Fighters', album: [{ name: 'Sonic Highways', year: 2014 }] }] }, expect: { status: 204 } },
      { path: `${LIB}/artist=Foo%20Fighters/album=Sonic%20Highways`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:album': [{ name: 'Sonic Highways', year: 2014 }] } } },
    ],
  },
  {
    title: 'B.3.2: depth=unbounded reads everything, depth=1 only the target',
    fixture: 'jukebox-library',
    exchanges: [
      {
        path: `${JUKEBOX}?depth=unbounded`,
        headers: STRICT_GET,
        expect: {
          status: 200,
          json: {
            'example-jukebox:jukebox': {
              library: {
                artist: [{
                  name: 'Foo Fighters',
                  album: [{
                    name: 'Wasting Light', genre: 'alternative', year: 2011,
                    song: [
                      { name: 'Wasting Light', location: '/media/foo/a7/wasting-light.mp3', format: 'MP3', length: 286 },
                      { name: 'Rope', location: '/media/foo/a7/rope.mp3', format: 'MP3', length: 259 },
                    ],
                  }],
                }],
                'artist-count': 1, 'album-count': 1, 'song-count': 2,
              },
              playlist: [{ name: 'Foo-One', description: 'example playlist 1', song: [{ index: 1, id: SONG_ROPE }] }],
              player: { gap: '0.5' },
            },
          },
        },
      },
      { path: `${JUKEBOX}?depth=1`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:jukebox': {} } } },
    ],
  },
  {
    title: '§3.5.3 and §4.3: GET of a list entry (a one-element array) and of a leaf',
    fixture: 'jukebox-library',
    exchanges: [
      { path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light?fields=name;year`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2011 }] } } },
      { path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light/genre`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:genre': 'alternative' } } },
    ],
  },
  {
    title: '§4.5: PUT replaces a list entry',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PUT', path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light`, headers: STRICT, body: { 'example-jukebox:album': [{ name: 'Wasting Light', genre: 'example-jukebox:alternative', year: 2011 }] }, expect: { status: 204 } },
      { path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:album': [{ name: 'Wasting Light', genre: 'alternative', year: 2011 }] } } },
    ],
  },
  {
    title: '§4.6.1: plain PATCH of a container',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'PATCH', path: JUKEBOX, headers: STRICT, body: { 'example-jukebox:jukebox': { player: { gap: '1.0' } } }, expect: { status: 204 } },
      { path: `${JUKEBOX}/player`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:player': { gap: '1.0' } } } },
      { path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light/year`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:year': 2011 } } },
    ],
  },
  {
    title: '§4.7: DELETE a list entry',
    fixture: 'jukebox-library',
    exchanges: [
      { method: 'DELETE', path: `${LIB}/artist=Foo%20Fighters/album=Wasting%20Light`, headers: STRICT_GET, expect: { status: 204 } },
      { path: `${LIB}/artist=Foo%20Fighters`, headers: STRICT_GET, expect: { status: 200, json: { 'example-jukebox:artist': [{ name: 'Foo Fighters' }] } } },
    ],
  },
  {
    title: '§4.4.2: invoke the play rpc',
    fixture: 'jukebox',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/example-jukebox:play', headers: STRICT, body: { 'example-jukebox:input': { playlist: 'Foo-One', 'song-number': 2 } }, expect: { status: 204, text: '' } },
    ],
  },
  {
    title: '§3.6.1: an rpc with input and no output (reboot)',
    fixture: 'ops',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/example-ops:reboot', headers: STRICT, body: { 'example-ops:input': { delay: 600, message: 'Going down for system maintenance', language: 'en-US' } }, expect: { status: 204 } },
    ],
  },
  {
    title: '§3.6.2: an rpc with output and no input (get-reboot-info)',
    fixture: 'ops',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/example-ops:get-reboot-info', headers: STRICT_GET, expect: { status: 200, headers: { 'content-type': 'application/yang-data+json' }, json: { 'example-ops:output': { 'reboot-time': 30, message: 'Going down for system maintenance', language: 'en-US' } } } },
    ],
  },
  {
    title: '§3.6: actions (reset without output, get-last-reset-time with output)',
    fixture: 'actions',
    exchanges: [
      { method: 'POST', path: '/restconf/data/example-actions:interfaces/interface=eth0/reset', headers: STRICT, body: { 'example-actions:input': { delay: 600 } }, expect: { status: 204 } },
      { method: 'POST', path: '/restconf/data/example-actions:interfaces/interface=eth0/get-last-reset-time', headers: STRICT_GET, expect: { status: 200, json: { 'example-actions:output': { 'last-reset': '2015-10-10T02:14:11Z' } } } },
      { method: 'POST', path: '/restconf/data/example-actions:interfaces/interface=eth9/reset', headers: STRICT, body: { 'example-actions:input': { delay: 1 } }, expect: { status: 404, error: { tag: 'invalid-value' } } },
    ],
  },
  {
    title: '§7.1: the data-exists error of a POST that would create what exists',
    fixture: 'jukebox-library',
    exchanges: [
      {
        method: 'POST',
        path: `${LIB}/artist=Foo%20Fighters`,
        headers: STRICT,
        body: { 'example-jukebox:album': [{ name: 'Wasting Light' }] },
        expect: {
          status: 409,
          headers: { 'content-type': 'application/yang-data+json' },
          json: {
            'ietf-restconf:errors': {
              error: [{
                'error-type': 'application',
                'error-tag': 'data-exists',
                'error-path': "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
                'error-message': "data already exists at /example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
              }],
            },
          },
        },
      },
    ],
  },
];
