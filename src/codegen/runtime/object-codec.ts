/**
 * The io-ts codec of a JSON object holding data nodes (a container, a list
 * entry, a module's top level, rpc/action input or output, a notification)
 * as RFC 7951 writes it: no member the schema does not name, list keys
 * present, each member's value by its codec, and members of at most one case
 * of each choice. Every problem is collected, each at its member.
 */
import * as t from 'io-ts';

/** A choice: for each case, the member names it holds (nested choices included) and its own choices. */
export interface ChoiceShape {
  readonly name: string;
  readonly cases: readonly CaseShape[];
}

export interface CaseShape {
  readonly name: string;
  readonly members: readonly string[];
  readonly choices: readonly ChoiceShape[];
}

export interface ObjectShape {
  /** Member name (qualified where RFC 7951 qualifies it) → codec. */
  readonly members: Readonly<Record<string, t.Mixed>>;
  /** Members that must be present (list keys). */
  readonly required?: readonly string[];
  readonly choices?: readonly ChoiceShape[];
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

const checkChoices = (choices: readonly ChoiceShape[], u: Record<string, unknown>, c: t.Context, errors: t.Errors): void => {
  for (const choice of choices) {
    const used = choice.cases.filter((k) => k.members.some((m) => Object.hasOwn(u, m)));
    if (used.length > 1) {
      errors.push({ value: u, context: c, message: `members of cases ${used.map((k) => `"${k.name}"`).join(' and ')} of choice "${choice.name}" given together` });
    } else if (used[0] !== undefined) {
      checkChoices(used[0].choices, u, c, errors);
    }
  }
};

export class ObjectCodec<A> extends t.Type<A, A, unknown> {
  readonly _tag = 'YangObjectCodec' as const;

  constructor(name: string, readonly shape: ObjectShape) {
    super(
      name,
      (u): u is A => this.collect(u, []).length === 0,
      (u, c) => {
        const errors = this.collect(u, c);
        return errors.length === 0 ? t.success(u as A) : t.failures(errors);
      },
      t.identity,
    );
  }

  private collect(u: unknown, c: t.Context): t.Errors {
    if (!isObject(u)) return [{ value: u, context: c, message: `${this.name} must be a JSON object` }];
    const errors: t.ValidationError[] = [];
    const { members, required = [], choices = [] } = this.shape;
    for (const key of required) {
      if (!Object.hasOwn(u, key)) errors.push({ value: u, context: c, message: `${this.name}: the key "${key}" is missing` });
    }
    for (const [key, value] of Object.entries(u)) {
      const codec = Object.hasOwn(members, key) ? members[key] : undefined;
      const at = t.appendContext(c, key, codec ?? t.never, value);
      if (codec === undefined) {
        errors.push({ value, context: at, message: `${this.name} has no member "${key}"` });
        continue;
      }
      const r = codec.validate(value, at);
      if (r._tag === 'Left') errors.push(...r.left);
    }
    checkChoices(choices, u, c, errors);
    return errors;
  }
}

/** The codec of an object of data nodes; `A` is its generated interface. */
export const yangObject = <A>(name: string, shape: ObjectShape): ObjectCodec<A> => new ObjectCodec<A>(name, shape);
