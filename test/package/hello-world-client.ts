/**
 * Runs a hello-world example (examples/hello-world.*) as its user would, with
 * a given node binary, and drives it over real HTTP: read the config leaf
 * and the metric, write the config leaf (PATCH), subscribe to the
 * notification (SSE, plain client), call the rpc, see the event and the
 * metric move; delete the config leaf (its default shows) and call the
 * rpc again; then SIGTERM and wait for the process to end.
 */
import { spawn } from 'node:child_process';
import { SseClient } from '../helpers/sse-client.ts';

export interface HelloWorldRun {
  readonly before: unknown;
  readonly patchStatus: number;
  readonly rpc: { readonly status: number; readonly body: unknown };
  readonly event: unknown;
  readonly after: unknown;
  /** After DELETE of the greeting: its status, what GET shows, and the rpc's answer. */
  readonly deleted: { readonly status: number; readonly read: unknown; readonly rpc: unknown };
  /** rxconf-server's runtime state: the transport and what it says of uWS. */
  readonly runtime: unknown;
  readonly exit: { readonly code: number | null; readonly signal: string | null };
  readonly output: string;
}

const JSON_TYPE = 'application/yang-data+json';

const readJson = async (url: string): Promise<unknown> => {
  const r = await fetch(url, { headers: { accept: JSON_TYPE } });
  if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${await r.text()}`);
  return r.json() as Promise<unknown>;
};

export const runHelloWorld = async (node: string, script: string, cwd: string): Promise<HelloWorldRun> => {
  const child = spawn(node, [script], { cwd, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within 30 s:\n${output}`)), 30_000);
    const seen = (chunk: string): void => {
      output += chunk;
      const m = /listening on (\S+)/.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.setEncoding('utf8').on('data', seen);
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    void exited.then((e) => reject(new Error(`exited (${e.code ?? e.signal}) before listening:\n${output}`)));
  });
  try {
    const data = `${url}/restconf/data`;
    const before = await readJson(`${data}/hello:hello`);
    const patch = await fetch(`${data}/hello:hello`, {
      method: 'PATCH',
      headers: { 'content-type': JSON_TYPE },
      body: JSON.stringify({ 'hello:hello': { greeting: 'Bonjour' } }),
    });
    await patch.arrayBuffer();
    const events = await SseClient.open(`${data}/hello:greeted`);
    let rpc: HelloWorldRun['rpc'];
    let event: unknown;
    try {
      const r = await fetch(`${url}/restconf/operations/hello:greet`, {
        method: 'POST',
        headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE },
        body: JSON.stringify({ 'hello:input': { name: 'Ada' } }),
      });
      rpc = { status: r.status, body: await r.json() };
      const [message] = await events.waitFor(1);
      event = JSON.parse(message?.data ?? 'null');
    } finally {
      events.close();
    }
    const after = await readJson(`${data}/hello:hello`);
    const del = await fetch(`${data}/hello:hello/greeting`, { method: 'DELETE' });
    await del.arrayBuffer();
    const read = await readJson(`${data}/hello:hello`);
    const again = await fetch(`${url}/restconf/operations/hello:greet`, {
      method: 'POST',
      headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE },
      body: JSON.stringify({ 'hello:input': { name: 'Ada' } }),
    });
    const deleted = { status: del.status, read, rpc: await again.json() };
    const runtime = await readJson(`${data}/rxconf-server:server/runtime`);
    child.kill('SIGTERM');
    const exit = await Promise.race([exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running 20 s after SIGTERM:\n${output}`)), 20_000))]);
    return { before, patchStatus: patch.status, rpc, event, after, deleted, runtime, exit, output };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
};
