/** The body of a PUT or PATCH of a module root (`/restconf/data/<module>:`): its top-level members. */
import type { DataContainer } from '../../../data/data-container.ts';
import { decodeData } from '../../../data/json/index.ts';
import { RestconfFailure } from '../../../errors/index.ts';
import type { ModuleMeta } from '../../../meta/meta.ts';
import type { DecodeScope } from './decode-member.ts';

export const decodeModuleBody = (json: unknown, module: ModuleMeta, scope: DecodeScope): DataContainer => {
  const r = decodeData(json, module, { strict: scope.strict, content: 'config', schema: scope.schema, numbers: scope.numbers });
  if (!r.ok) throw new RestconfFailure(r.errors);
  return r.value;
};
