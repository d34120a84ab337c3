/** A Device is the set of browsers (modules with their nodes) a server makes available. */
import type { SchemaContext } from '../meta/meta.ts';
import { hasTreeConstraints } from '../validate/index.ts';
import type { Browser } from './browser.ts';

export class Device {
  private readonly browsers = new Map<string, Browser>();

  constructor(readonly schema: SchemaContext) {}

  private constrained: boolean | undefined;

  add(browser: Browser): this {
    this.browsers.set(browser.module.name, browser);
    this.constrained = undefined;
    return this;
  }

  /** Every browser, in the order added. */
  get all(): readonly Browser[] {
    return [...this.browsers.values()];
  }

  /** Whether any served module has constraints that need the whole datastore (when, must, leafref...). */
  get needsTreeValidation(): boolean {
    this.constrained ??= this.all.some((b) => hasTreeConstraints(b.module));
    return this.constrained;
  }

  browser(module: string): Browser | undefined {
    return this.browsers.get(module);
  }

  get modules(): readonly string[] {
    return [...this.browsers.keys()];
  }
}
