/** Collects every problem found while compiling; the compiler never stops at the first. */
import type { SourceLocation, YangDiagnostic } from '../parser/statement.ts';

export class Diagnostics {
  readonly list: YangDiagnostic[] = [];
  private readonly seen = new Set<string>();

  error(loc: SourceLocation, message: string): void {
    this.add({ severity: 'error', message, loc });
  }

  warn(loc: SourceLocation, message: string): void {
    this.add({ severity: 'warning', message, loc });
  }

  add(d: YangDiagnostic): void {
    // A grouping used many times would repeat the same error at the same place.
    const key = `${d.loc.file}:${d.loc.line}:${d.loc.col}:${d.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(d);
  }

  get errorCount(): number {
    return this.list.filter((d) => d.severity === 'error').length;
  }
}
