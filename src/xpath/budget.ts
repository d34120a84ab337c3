/**
 * The evaluation budget: every evaluation counts its steps and stops, with
 * an error, once it has spent its budget, so no expression (an event-stream
 * filter a client sends, a `must` fed by data a client writes) can hold the
 * server for longer than its budget allows.
 *
 * A step is about one node visit: a node an axis walks over (whether or not
 * it passes the node test), a candidate a predicate is evaluated for, a node
 * a comparison or a string-value reads, a node a node-set sort places, a
 * function call; and one per 16 characters a string function reads (per 4
 * it makes, for concat) or a regular expression reads.
 */
import type { WorkMeter } from '../types/index.ts';
import { XPathError } from './runtime.ts';

/** When, must and leafref paths: 10,000,000 steps per evaluation (a second or so of work). */
export const DEFAULT_MAX_STEPS = 10_000_000;

/** The error an evaluation ends with when it exceeds its budget. */
export class XPathBudgetExceeded extends XPathError {
  constructor(readonly maxSteps: number) {
    super(`the evaluation exceeded its budget of ${maxSteps} steps`);
  }
}

export class XPathBudget {
  /** Steps spent so far. */
  spent = 0;
  #matcherMeter: WorkMeter | undefined;

  constructor(readonly maxSteps: number) {
    if (!(maxSteps >= 0)) throw new RangeError(`maxSteps must be 0 or more, not ${maxSteps}`);
  }

  spend(steps: number): void {
    if ((this.spent += steps) > this.maxSteps) throw new XPathBudgetExceeded(this.maxSteps);
  }

  /** Steps for reading (or making) `length` characters, at one per `per`. */
  spendChars(length: number, per = 16): void {
    if (length >= per) this.spend(Math.floor(length / per));
  }

  /** This budget as the regular-expression matcher meters its work: a step per 16 units. */
  get matcherMeter(): WorkMeter {
    return (this.#matcherMeter ??= { spend: (units) => this.spendChars(units) });
  }
}
