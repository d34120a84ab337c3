/**
 * The OpenAPI document a server answers names, on every path, exactly the
 * methods OPTIONS allows there: on the demo and on a fixture with every
 * shape of resource (leaf-lists, list keys, whole lists, state), for a user
 * access control does not restrict and for one it keeps from writing.
 */
import test from 'ava';
import { DocumentCheck, fill, type Doc } from './document-check.ts';
import { serveDemo, serveShapes, type TestServer } from './openapi-servers.ts';

const documentOf = async (s: TestServer, user: string): Promise<DocumentCheck> => {
  const r = await fetch(`${s.url}/restconf/openapi.json`, { headers: { 'x-remote-user': user } });
  return new DocumentCheck(await r.json() as Doc);
};

/** A value for a path parameter with no instance at hand: OPTIONS answers whether the instance exists or not, as long as the value is of the key's type. */
const someValue = (schema: { type?: string; minimum?: number; enum?: string[] }): string =>
  schema.enum?.[0] ?? (schema.type === 'integer' ? String(schema.minimum ?? 0) : 'x');

/** Compares every path of `module` in the document with OPTIONS (the other served modules' paths are as many again, and made the same way). */
const compare = async (t: import('ava').ExecutionContext, s: TestServer, user: string, module: string): Promise<number> => {
  const check = await documentOf(s, user);
  let compared = 0;
  const mismatches: string[] = [];
  for (const [template, item] of Object.entries(check.doc.paths)) {
    if (!template.includes(`/${module}:`)) continue;
    const values = { ...Object.fromEntries(((item.parameters ?? []) as { name: string; schema: never }[]).map((p) => [p.name, someValue(p.schema)])), ...s.values };
    const path = fill(template, values)!;
    const r = await fetch(`${s.url}${path}`, { method: 'OPTIONS', headers: { 'x-remote-user': user } });
    t.is(r.status, 204, `OPTIONS ${path} as ${user}`);
    const allowed = (r.headers.get('allow') ?? '').split(', ').sort();
    const documented = check.allow(template);
    // POST is left out where no child can be created (a container with nothing below it to write)
    const creatable = documented.includes('POST') ? allowed : allowed.filter((m) => m !== 'POST');
    if (documented.join() !== creatable.join()) mismatches.push(`${template} as ${user}: documented ${documented.join()}, allowed ${allowed.join()}`);
    compared++;
  }
  t.deepEqual(mismatches, []);
  return compared;
};

test('the demo document names on each path the methods OPTIONS allows, for the admin and for a read-only operator', async (t) => {
  const s = await serveDemo();
  t.teardown(() => s.close());
  t.true(await compare(t, s, 'admin', 'rxconf-demo') >= 14);
  const operator = await documentOf(s, 'operator');
  t.deepEqual(operator.allow('/restconf/data/rxconf-demo:sensors/sensor={sensor-name}'), ['GET', 'HEAD', 'OPTIONS']);
  t.true(await compare(t, s, 'operator', 'rxconf-demo') >= 12);
});

test('leaf-lists, list keys, whole lists and state: each path of the fixture document has the methods OPTIONS allows', async (t) => {
  const s = await serveShapes();
  t.teardown(() => s.close());
  const check = await documentOf(s, 'admin');
  const at = (p: string): string[] => check.allow(`/restconf/data/openapi-shapes:library${p}`);
  t.deepEqual(at('/tags'), ['GET', 'HEAD', 'OPTIONS'], 'a whole leaf-list is read only');
  t.deepEqual(at('/tags={tags-value}'), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']);
  t.deepEqual(at('/shelf'), ['GET', 'HEAD', 'OPTIONS'], 'a whole list is read only');
  t.deepEqual(at('/shelf={shelf-room},{shelf-number}/room'), ['GET', 'HEAD', 'OPTIONS'], 'a list key is read only');
  t.deepEqual(at('/shelf={shelf-room},{shelf-number}/label'), ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT']);
  t.deepEqual(at('/stats/recent'), ['GET', 'HEAD', 'OPTIONS']);
  t.false(Object.keys(check.doc.paths).some((p) => p.includes('/recent/')), 'nothing below a list without keys is addressable');
  t.true(await compare(t, s, 'admin', 'openapi-shapes') >= 20);
});
