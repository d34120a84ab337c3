/**
 * An operation's input as its handler gets it (RFC 7950 §7.14.2): the
 * decoded input (an empty one when the request had none, so a mandatory
 * input leaf is reported missing) with its defaults filled in, checked
 * against the input's constraints (mandatory, must, when, min/max-elements,
 * unique). Leafrefs into the datastore are the handler's to check: no
 * datastore is at hand here, so instance-required findings are left out.
 * Error paths name the operation with every ancestor and key.
 */
import { DataContainer } from '../../data/data-container.ts';
import type { DataPath } from '../../data/data-path.ts';
import { RestconfFailure, type RestconfError } from '../../errors/index.ts';
import type { OperationMeta, SchemaContext } from '../../meta/meta.ts';
import { validateSubtree } from '../../validate/index.ts';
import { fillInputDefaults, takeBack } from './input-defaults.ts';

const check = (input: DataContainer, schema: SchemaContext, parent: DataPath): RestconfError[] =>
  validateSubtree(input, { schema, parent }).filter((e) => e.appTag !== 'instance-required');

/** `at` is the operation's path; throws the input's errors, all of them. */
export const checkedInput = (given: DataContainer | undefined, op: OperationMeta, at: DataPath, schema: SchemaContext): DataContainer => {
  const input = given ?? new DataContainer(op.input);
  const parent: DataPath = { segments: at.segments.slice(0, -1) };
  const filled = fillInputDefaults(input, at, schema);
  let errors = check(input, schema, parent);
  if (filled.length > 0) {
    const whenFalse = errors.filter((e) => e.tag === 'unknown-element' && e.info?.['bad-element'] !== undefined && e.path !== undefined);
    if (takeBack(filled, whenFalse.map((e) => e.path as string))) errors = check(input, schema, parent);
  }
  if (errors.length > 0) throw new RestconfFailure(errors);
  return input;
};
