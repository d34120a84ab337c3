/**
 * Assembly step 1, the schema: the modules asked for, plus the server's own
 * (rxconf-server, the protocol modules, ietf-netconf-acm when NACM is on),
 * compiled with the feature choices checked. Throws with every problem.
 */
import { join } from 'node:path';
import { compileWithFeatures } from '../compile/compile-with-features.ts';
import { compileOptions } from '../compile/schema-options.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { PROTOCOL_MODULES } from '../http/system/protocol-modules.ts';
import { NACM_MODULE } from './nacm/nacm.ts';
import { ownYangDir } from './own-yang.ts';
import { SERVER_MODULE } from './server-settings.ts';

export interface SchemaChoice {
  readonly searchPath?: readonly string[];
  readonly modules: readonly string[];
  readonly features?: readonly string[];
  readonly nacm?: unknown;
}

export const compileServerSchema = (o: SchemaChoice): SchemaContext => {
  const own = ownYangDir();
  const base = compileOptions(o.searchPath ?? [], o.modules, o.features ?? []);
  const ownModules = [{ file: join(own, `${SERVER_MODULE}.yang`) }, ...PROTOCOL_MODULES.map((name) => ({ name })), ...(o.nacm === undefined || o.nacm === false ? [] : [{ name: NACM_MODULE }])];
  const compiled = compileWithFeatures({ ...base, searchPath: [...base.searchPath, own], modules: [...base.modules, ...ownModules] });
  if (!compiled.ok) throw new Error([...compiled.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic), ...compiled.unknownFeatures].join('\n'));
  return compiled.context;
};
