/**
 * Who a request is from, as trusted proxies tell it: only a trusted peer is
 * believed; hops are read from the nearest while they name trusted proxies;
 * the X-Forwarded-* headers win over a Forwarded header a proxy may pass
 * through from the client; a scheme or host unfit for a URL is not believed.
 */
import test from 'ava';
import type { CoreRequest } from '../../../src/http/exchange.ts';
import { forwardedClient, nodeAddress } from '../../../src/http/forwarded/index.ts';

const request = (remoteAddress: string, headers: Record<string, string>): CoreRequest => ({
  method: 'GET', path: '/', query: '', headers: new Map(Object.entries(headers)), body: (async function* () {})(),
  signal: new AbortController().signal, remoteAddress, protocol: 'http/1.1', secure: false,
});
const trust = (...addresses: string[]) => (a: string): boolean => addresses.includes(a);

test('node names as the transport writes peers: ports and brackets removed, IPv4-mapped as IPv4, identifiers kept', (t) => {
  t.is(nodeAddress('192.0.2.43'), '192.0.2.43');
  t.is(nodeAddress('192.0.2.43:4711'), '192.0.2.43');
  t.is(nodeAddress('[2001:DB8:cafe::17]:4711'), '2001:db8:cafe::17');
  t.is(nodeAddress('[::1]'), '::1');
  t.is(nodeAddress('2001:db8::1'), '2001:db8::1');
  t.is(nodeAddress('[::ffff:10.0.0.1]:80'), '10.0.0.1');
  t.is(nodeAddress('_hidden'), '_hidden');
});

test('from an untrusted peer every forwarding header is ignored: a client cannot choose its address, scheme or host', (t) => {
  const spoof = { 'x-forwarded-for': '10.1.1.1', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', forwarded: 'for=10.2.2.2;proto=https;host=evil.example' };
  t.deepEqual(forwardedClient(request('192.0.2.9', spoof), trust('127.0.0.1')), { address: '192.0.2.9' });
  t.deepEqual(forwardedClient(request('::ffff:192.0.2.9', spoof), trust('127.0.0.1')), { address: '192.0.2.9' });
});

test('Forwarded from a trusted proxy: the client, its scheme and host; IPv6 for="[::1]:port"; hops through trusted proxies', (t) => {
  t.deepEqual(forwardedClient(request('127.0.0.1', { forwarded: 'for=198.51.100.7;proto=https;host=rc.example' }), trust('127.0.0.1')),
    { address: '198.51.100.7', proto: 'https', host: 'rc.example' });
  t.deepEqual(forwardedClient(request('::ffff:127.0.0.1', { forwarded: 'for="[2001:db8::5]:61000";proto=https;host="[2001:db8::1]:8443"' }), trust('127.0.0.1')),
    { address: '2001:db8::5', proto: 'https', host: '[2001:db8::1]:8443' });
  // a client's own element, the outer proxy's (trusted), the inner proxy's: the outer proxy's says who the client is
  const hops = 'for=6.6.6.6;host=spoofed.example;proto=http, for=203.0.113.5;proto=https;host=rc.example, for=10.0.0.2;proto=http;host=inner';
  t.deepEqual(forwardedClient(request('127.0.0.1', { forwarded: hops }), trust('127.0.0.1', '10.0.0.2')), { address: '203.0.113.5', proto: 'https', host: 'rc.example' });
  t.deepEqual(forwardedClient(request('127.0.0.1', { forwarded: hops }), trust('127.0.0.1')), { address: '10.0.0.2', proto: 'http', host: 'inner' }, 'an untrusted inner hop is where belief stops');
});

test('X-Forwarded-For/-Proto/-Host from a trusted proxy, read from the nearest hop; they win over a Forwarded the proxy passed through', (t) => {
  t.deepEqual(forwardedClient(request('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rc.example' }), trust('127.0.0.1')),
    { address: '203.0.113.5', proto: 'https', host: 'rc.example' });
  t.deepEqual(forwardedClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.5, 10.0.0.2', 'x-forwarded-proto': 'https, http' }), trust('127.0.0.1', '10.0.0.2')),
    { address: '203.0.113.5', proto: 'https' }, 'the scheme at the client\'s hop');
  t.deepEqual(forwardedClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.5', forwarded: 'for=6.6.6.6;proto=http' }), trust('127.0.0.1')), { address: '203.0.113.5' });
  t.deepEqual(forwardedClient(request('127.0.0.1', { 'x-forwarded-proto': 'https' }), trust('127.0.0.1')), { address: '127.0.0.1', proto: 'https' }, 'a scheme without a client address');
});

test('a scheme other than http/https, or a host unfit for a URL, is not believed', (t) => {
  t.deepEqual(forwardedClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example/path?x' }), trust('127.0.0.1')), { address: '203.0.113.5' });
  t.deepEqual(forwardedClient(request('127.0.0.1', { forwarded: 'for=203.0.113.5;host="a b";proto=ftp' }), trust('127.0.0.1')), { address: '203.0.113.5' });
});
