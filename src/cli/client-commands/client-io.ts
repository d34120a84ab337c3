/** Where a client command writes and reads: results to `out` (stdout), problems to `err` (stderr), `--data -` from stdin. */
export interface ClientIo {
  readonly out: (text: string) => void;
  readonly err: (line: string) => void;
  readonly stdin: () => Promise<string>;
}

export const processIo: ClientIo = {
  out: (text) => void process.stdout.write(text),
  err: (line) => console.error(line),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};
