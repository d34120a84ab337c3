/** Finding identities by module and name, for identityref values in URLs and bodies (one lookup per schema). */
import type { SchemaContext } from '../../meta/meta.ts';
import type { IdentityLookup } from '../../types/index.ts';

const lookups = new WeakMap<SchemaContext, IdentityLookup>();

export const identityLookup = (schema: SchemaContext): IdentityLookup => {
  let l = lookups.get(schema);
  if (l === undefined) {
    l = (module, name) => schema.modules.get(module)?.identities.get(name);
    lookups.set(schema, l);
  }
  return l;
};
