/** A Device is the set of browsers (modules with their nodes) a server makes available. */
import type { SchemaContext } from '../meta/meta.ts';
import type { Browser } from './browser.ts';

export class Device {
  private readonly browsers = new Map<string, Browser>();

  constructor(readonly schema: SchemaContext) {}

  add(browser: Browser): this {
    this.browsers.set(browser.module.name, browser);
    return this;
  }

  browser(module: string): Browser | undefined {
    return this.browsers.get(module);
  }

  get modules(): readonly string[] {
    return [...this.browsers.keys()];
  }
}
