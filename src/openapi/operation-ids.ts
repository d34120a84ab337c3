/**
 * The `operationId` of each operation: the method and the resource's schema
 * path, `get-rxconf-demo:sensors/sensor=name/reading` (a list entry names
 * its keys, a leaf-list entry `=value`; an rpc `post-module:rpc`). Made of
 * names only, it stays the same as long as the modules do; a clash (there
 * should be none) takes a `-2`, `-3` suffix in the order of the paths.
 */
export class OperationIds {
  readonly #taken = new Set<string>();

  take(method: string, schemaPath: string): string {
    const base = `${method}-${schemaPath}`;
    let id = base;
    for (let i = 2; this.#taken.has(id); i++) id = `${base}-${i}`;
    this.#taken.add(id);
    return id;
  }
}
