/**
 * The errors of tree-level validation: one constructor per rule, each with
 * its RFC 8040 error-tag and RFC 7950 §15 error-app-tag.
 *
 * | rule                                  | error-tag        | error-app-tag                    | error-path (error-info)                  |
 * |---------------------------------------|------------------|----------------------------------|------------------------------------------|
 * | unique (§7.8.3)                       | operation-failed | data-not-unique                  | the later entry (`non-unique`: leaf paths) |
 * | max-elements (§7.7.6)                 | operation-failed | too-many-elements                | the list or leaf-list, without keys      |
 * | min-elements (§7.7.5)                 | operation-failed | too-few-elements                 | the list or leaf-list, without keys      |
 * | must (§7.5.3)                         | operation-failed | the must's, else must-violation  | the node with the must                   |
 * | leafref require-instance (§9.9)       | data-missing     | instance-required                | the leaf or leaf-list entry              |
 * | instance-identifier require-instance  | data-missing     | instance-required                | the leaf or leaf-list entry              |
 * | mandatory choice (§7.9.4)             | data-missing     | missing-choice                   | the parent instance (`missing-choice`: name) |
 * | mandatory leaf or anydata (§7.6.5)    | data-missing     | none (RFC 7950 defines none)     | the missing node                         |
 * | when false, data present (§7.21.5)    | unknown-element  | none                             | the node (`bad-element`: its name)       |
 * | XPath that cannot be evaluated        | operation-failed | none                             | the node whose constraint it is          |
 *
 * A node whose `when` is false must not exist, so it is reported the way
 * RFC 6241 reports an element that is not allowed where it is
 * (`unknown-element`, HTTP 400): the client sent it; nothing failed.
 */
import type { DataPath } from '../data/data-path.ts';
import { formatPath } from '../data/data-path.ts';
import { restconfError, type RestconfError } from '../errors/index.ts';
import type { MustMeta, WhenMeta } from '../meta/meta.ts';

const at = (path: DataPath): string => formatPath(path);

export const notUnique = (entry: DataPath, leaves: readonly DataPath[], previous: DataPath): RestconfError =>
  restconfError('operation-failed', `unique constraint violated: ${at(entry)} has the same values as ${at(previous)}`, {
    appTag: 'data-not-unique', path: at(entry), info: { 'non-unique': leaves.map(at) },
  });

export const tooMany = (list: DataPath, count: number, max: number): RestconfError =>
  restconfError('operation-failed', `${count} entries, more than max-elements ${max}`, { appTag: 'too-many-elements', path: at(list) });

export const tooFew = (list: DataPath, count: number, min: number): RestconfError =>
  restconfError('operation-failed', `${count} entries, fewer than min-elements ${min}`, { appTag: 'too-few-elements', path: at(list) });

export const mustViolation = (node: DataPath, must: MustMeta): RestconfError =>
  restconfError('operation-failed', must.errorMessage ?? `must condition "${must.text}" is not satisfied`, {
    appTag: must.errorAppTag ?? 'must-violation', path: at(node),
  });

export const instanceRequired = (node: DataPath, value: string, what: string): RestconfError =>
  restconfError('data-missing', `required instance of ${what} "${value}" does not exist`, { appTag: 'instance-required', path: at(node) });

export const missingChoice = (parent: DataPath, choice: string): RestconfError =>
  restconfError('data-missing', `no case of mandatory choice "${choice}" exists`, {
    appTag: 'missing-choice', path: at(parent), info: { 'missing-choice': choice },
  });

export const missingMandatory = (node: DataPath, name: string): RestconfError =>
  restconfError('data-missing', `mandatory node "${name}" does not exist`, { path: at(node) });

export const whenViolation = (node: DataPath, name: string, when: WhenMeta): RestconfError =>
  restconfError('unknown-element', `"${name}" must not exist: its when condition "${when.text}" is false`, {
    path: at(node), info: { 'bad-element': name },
  });

export const xpathFailure = (node: DataPath, text: string, message: string): RestconfError =>
  restconfError('operation-failed', `cannot evaluate "${text}": ${message}`, { path: at(node) });
