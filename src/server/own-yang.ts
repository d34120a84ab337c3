/** The folder of the server's own YANG modules (rxconf-server), beside src/ or dist/ in the package. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ownYangDir = (): string => join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'yang');
