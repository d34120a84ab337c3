/**
 * The io-ts codec of a leaf or leaf-list value in its RFC 7951 JSON form.
 * The value is checked by the same type codecs the server's decoder uses
 * (src/types), so both accept exactly the same values; the decoded value is
 * the JSON value itself.
 */
import * as t from 'io-ts';
import { valueKey } from '../../data/json/value-key.ts';
import { decodeJson } from '../../types/decode-json.ts';
import type { Result } from '../../types/value.ts';
import { specTypeMeta, type SpecType } from './spec-type-meta.ts';
import type { TypeSpec } from './type-spec.ts';

export class LeafCodec<A> extends t.Type<A, A, unknown> {
  readonly _tag = 'YangLeafCodec' as const;

  constructor(name: string, private readonly spec: SpecType, private readonly leafModule: string) {
    super(
      name,
      (u): u is A => this.check(u).ok,
      (u, c) => {
        const r = this.check(u);
        return r.ok ? t.success(u as A) : t.failure(u, c, r.errors.map((e) => e.message).join('; '));
      },
      t.identity,
    );
  }

  /** What the server's value codec says of `u`. */
  check(u: unknown): Result {
    return decodeJson(this.spec.type, u, { strict: true, leafModule: this.leafModule, identity: this.spec.identity });
  }

  /** A string equal for equal values (list keys, leaf-list values); undefined for an invalid value. */
  valueKey(u: unknown): string | undefined {
    const r = this.check(u);
    return r.ok ? valueKey(r.value) : undefined;
  }
}

/** The codec of a value of type `spec` held by a leaf of module `leafModule`. */
export const yangLeaf = <A>(name: string, spec: TypeSpec, leafModule: string): LeafCodec<A> =>
  new LeafCodec<A>(name, specTypeMeta(spec), leafModule);
