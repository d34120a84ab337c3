/**
 * Certificates made by `openssl` for TLS tests: CAs and certificates they
 * sign (EC P-256, valid two days) in a temporary directory. `available` is
 * false when openssl is missing (the tests skip with a note).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCerts {
  readonly available: boolean;
  file(name: string): string;
  read(name: string): Buffer;
  ca(name: string): void;
  signed(name: string, by: string, cn: string, san?: string): void;
}

export const testCerts = (prefix: string): TestCerts => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
  let available = true;
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    available = false;
  }
  return {
    available,
    file,
    read: (name) => readFileSync(file(name)),
    ca: (name) => openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', `/CN=${name}`, '-keyout', file(`${name}.key`), '-out', file(`${name}.crt`)),
    signed: (name, by, cn, san) => {
      openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=${cn}`, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`));
      const ext = file(`${name}.ext`);
      writeFileSync(ext, san === undefined ? 'basicConstraints=CA:FALSE\n' : `basicConstraints=CA:FALSE\nsubjectAltName=${san}\n`);
      openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file(`${by}.crt`), '-CAkey', file(`${by}.key`), '-CAcreateserial', '-days', '2', '-extfile', ext, '-out', file(`${name}.crt`));
    },
  };
};
