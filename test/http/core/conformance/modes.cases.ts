/** The spec's compliance modes (Versioning table) and media types (406, 415). */
import { STRICT, STRICT_GET, type Case } from './case.ts';

const TOP = '/restconf/data/hx-test:top';

export const modeCases: readonly Case[] = [
  {
    title: 'strict when Accept names application/yang-data+json: RFC 7951 names and values',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/big`, headers: STRICT_GET, expect: { status: 200, headers: { 'content-type': 'application/yang-data+json' }, json: { 'hx-test:big': '9007199254740993' } } },
      { path: `${TOP}/hx-augment:extra`, headers: { accept: 'text/html, application/yang-data+json;q=0.5' }, expect: { status: 200, json: { 'hx-augment:extra': 'more' } } },
    ],
  },
  {
    title: 'strict when the Content-Type is application/yang-data+json',
    fixture: 'hx',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/hx-test:echo', headers: { 'content-type': 'application/yang-data+json' }, body: { 'hx-test:input': { text: 'hi' } }, expect: { status: 200, headers: { 'content-type': 'application/yang-data+json' }, json: { 'hx-test:output': { text: 'hi' } } } },
    ],
  },
  {
    title: 'simplified otherwise: plain names, application/json',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/label`, expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { label: 'box' } } },
      { path: `${TOP}/label`, headers: { accept: 'application/json' }, expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { label: 'box' } } },
      { path: `${TOP}/label`, headers: { accept: '*/*' }, expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { label: 'box' } } },
    ],
  },
  {
    title: 'simplified in the query wins over the media types',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/label?simplified`, headers: { accept: 'application/yang-data+json, application/json' }, expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { label: 'box' } } },
      { path: `${TOP}/label?simplified=yes`, expect: { status: 400, error: { tag: 'invalid-value', message: /"simplified": is a flag/ } } },
    ],
  },
  {
    title: 'an Accept that admits neither JSON type is 406',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/label`, headers: { accept: 'application/xml' }, expect: { status: 406, error: { tag: 'invalid-value', type: 'protocol', message: /admits neither/ } } },
      { path: `${TOP}/label`, headers: { accept: 'application/yang-data+xml' }, expect: { status: 406 } },
      { path: `${TOP}/label`, headers: { accept: 'application/json;q=0, text/plain' }, expect: { status: 406 } },
      { path: `${TOP}/label`, headers: { accept: 'application/*' }, expect: { status: 200, json: { label: 'box' } } },
    ],
  },
  {
    title: 'a body in another media type is 415 (and nothing changes)',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: `${TOP}/label`, headers: { 'content-type': 'application/xml' }, body: '<label>x</label>', expect: { status: 415, headers: { accept: 'application/yang-data+json, application/json' }, error: { tag: 'invalid-value', message: /unsupported Content-Type "application\/xml"/ } } },
      { method: 'PATCH', path: TOP, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'label=x', expect: { status: 415 } },
      { path: `${TOP}/label`, expect: { status: 200, json: { label: 'box' } } },
    ],
  },
  {
    title: 'application/json bodies are read in either mode, with a charset parameter too',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: `${TOP}/label`, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { label: 'renamed' }, expect: { status: 204, text: '' } },
      { path: `${TOP}/label`, expect: { status: 200, json: { label: 'renamed' } } },
    ],
  },
  {
    title: 'body names may be prefixed or plain in both modes; a wrong prefix is an error',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: `${TOP}/label`, headers: STRICT, body: { label: 'plain' }, expect: { status: 204 } },
      { method: 'PUT', path: `${TOP}/label`, body: { 'hx-test:label': 'prefixed' }, expect: { status: 204 } },
      { path: `${TOP}/label`, expect: { status: 200, json: { label: 'prefixed' } } },
      { method: 'PUT', path: `${TOP}/label`, body: { 'hx-augment:label': 'wrong' }, expect: { status: 400, error: { tag: 'unknown-namespace', message: /"label" is in module hx-test, not hx-augment/ } } },
      { method: 'PUT', path: `${TOP}/label`, headers: STRICT, body: { 'other:label': 'wrong' }, expect: { status: 400, error: { tag: 'unknown-namespace' } } },
    ],
  },
  {
    title: 'values: RFC 7951 in the strict mode, the lenient forms in the simplified one',
    fixture: 'hx',
    exchanges: [
      { method: 'PUT', path: `${TOP}/big`, headers: STRICT, body: { 'hx-test:big': 5 }, expect: { status: 400, error: { tag: 'invalid-value', path: '/hx-test:top/big' } } },
      { method: 'PUT', path: `${TOP}/big`, body: { big: 5 }, expect: { status: 204 } },
      { path: `${TOP}/big`, expect: { status: 200, json: { big: 5 } } },
      { path: `${TOP}/big`, headers: STRICT_GET, expect: { status: 200, json: { 'hx-test:big': '5' } } },
    ],
  },
  {
    title: 'rpc input and output: wrapped in the strict mode, bare in the simplified one',
    fixture: 'hx',
    exchanges: [
      { method: 'POST', path: '/restconf/operations/hx-test:echo', headers: STRICT, body: { text: 'bare' }, expect: { status: 400, error: { tag: 'unknown-element', message: /the target "input"|"input"/ } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo', headers: STRICT, body: { 'hx-test:input': { text: 'wrapped' } }, expect: { status: 200, json: { 'hx-test:output': { text: 'wrapped' } } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo', body: { text: 'bare' }, expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { text: 'bare' } } },
      { method: 'POST', path: '/restconf/operations/hx-test:echo', body: { 'hx-test:input': { text: 'wrapped anyway' } }, expect: { status: 200, json: { text: 'wrapped anyway' } } },
    ],
  },
  {
    title: 'error bodies: ietf-restconf:errors in the strict mode, errors in the simplified one',
    fixture: 'hx',
    exchanges: [
      { path: `${TOP}/nothing`, headers: STRICT_GET, expect: { status: 400, headers: { 'content-type': 'application/yang-data+json' }, error: { tag: 'unknown-element', key: 'ietf-restconf:errors' } } },
      { path: `${TOP}/nothing`, expect: { status: 400, headers: { 'content-type': 'application/json' }, error: { tag: 'unknown-element', key: 'errors' } } },
    ],
  },
];
