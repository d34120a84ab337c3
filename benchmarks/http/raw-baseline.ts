/**
 * Starts a raw baseline (raw-server-main.ts in a process of its own, on uWS
 * or node:http) with the answers rxconf gave: the same bytes, or the same
 * document to JSON.stringify per request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawRoute, RawSpec } from './raw-spec.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const main = fileURLToPath(new URL('./raw-server-main.ts', import.meta.url));

export interface RawAnswer {
  readonly path: string;
  readonly answer: RawRoute['answer'];
  readonly body: string;
  readonly contentType: string;
}

export const startRawBaseline = (dir: string, root: string, answers: readonly RawAnswer[], patch: boolean, transport: RawSpec['transport']): Promise<ServerProcess> => {
  const get = answers.map((a, i): RawRoute => {
    const file = join(dir, `answer-${i}.json`);
    writeFileSync(file, a.body);
    return { path: a.path, answer: a.answer, file, contentType: a.contentType };
  });
  const spec: RawSpec = { transport, get, patch, ...(patch ? { durableFile: join(dir, 'durable.bin') } : {}) };
  const specFile = join(dir, 'raw-spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  return startServerProcess([process.execPath, '--import', 'tsx', main, specFile], root, join(dir, 'stdout.log'));
};
