import test from 'ava';
import fc from 'fast-check';
import { request } from 'node:http';
import { listenNode, listenUws } from '../../../src/http/adapters/index.ts';
import type { Handler } from '../../../src/http/exchange.ts';
import { ipAddressText, lastAddressText } from '../../../src/http/adapters/ip-address-text.ts';
import { soakRuns } from '../../helpers/soak.ts';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

test('IPv4, IPv4-mapped and the RFC 5952 cases are written as Node writes them', (t) => {
  t.is(ipAddressText(bytes(127, 0, 0, 1)), '127.0.0.1');
  t.is(ipAddressText(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 1, 2, 3)), '::ffff:10.1.2.3');
  t.is(ipAddressText(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), '::1');
  t.is(ipAddressText(new Uint8Array(16)), '::');
  t.is(ipAddressText(bytes(0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1)), '2001:db8::1:0:0:1');
  t.is(ipAddressText(bytes(0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1)), '2001:db8:0:1:1:1:1:1');
  t.is(ipAddressText(bytes(0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), 'fe80::');
  t.is(ipAddressText(new Uint8Array(0)), '');
});

test('the kept last address is the text of the bytes given, whatever came before, also when the bytes change after the call', (t) => {
  const address = fc.oneof(fc.uint8Array({ minLength: 4, maxLength: 4 }), fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.constant(bytes(127, 0, 0, 1)));
  fc.assert(fc.property(fc.array(address, { minLength: 1, maxLength: 20 }), (list) => list.every((b) => {
    const given = b.slice();
    const text = lastAddressText(given);
    given.fill(9);
    return text === ipAddressText(b) && lastAddressText(b) === text;
  })));
  t.is(lastAddressText(bytes(10, 0, 0, 1)), '10.0.0.1');
  t.is(lastAddressText(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 1)), '::a00:1');
  t.is(lastAddressText(bytes(10, 0, 0, 2)), '10.0.0.2');
});

test('any IPv6 address is compressed as the URL standard compresses it (first longest zero run)', (t) => {
  const group = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
  fc.assert(fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (groups) => {
    const b = new Uint8Array(16);
    groups.forEach((g, i) => { b[2 * i] = g >> 8; b[2 * i + 1] = g & 0xff; });
    const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
    fc.pre(!mapped);
    const full = groups.map((g) => g.toString(16)).join(':');
    return ipAddressText(b) === new URL(`http://[${full}]/`).hostname.slice(1, -1);
  }), { numRuns: soakRuns(2000) });
  t.pass();
});

const echoRemote: Handler = (req) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: req.remoteAddress });

const remoteSeen = (host: string, port: number): Promise<string> =>
  new Promise((resolve, reject) => {
    request({ host, port, path: '/' }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => { text += c; }).on('end', () => resolve(text));
    }).on('error', reject).end();
  });

for (const [name, listen] of [['uWS', listenUws], ['node:http', listenNode]] as const) {
  test(`${name} on a dual-stack socket: the client's address reads as Node writes it, for IPv4 and IPv6 clients`, async (t) => {
    const server = await listen(echoRemote, { host: '::', port: 0 });
    try {
      t.is(await remoteSeen('127.0.0.1', server.port), '::ffff:127.0.0.1');
      t.is(await remoteSeen('::1', server.port), '::1');
    } finally {
      await server.close();
    }
  });

  test(`${name} on an IPv4 socket: the client's address is dotted`, async (t) => {
    const server = await listen(echoRemote, { host: '127.0.0.1', port: 0 });
    try {
      t.is(await remoteSeen('127.0.0.1', server.port), '127.0.0.1');
    } finally {
      await server.close();
    }
  });
}
