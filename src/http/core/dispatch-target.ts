/**
 * A resolved data or operation resource → its method's handler, after the
 * checks every method shares: the method is one the resource allows (405
 * with Allow), and every query parameter is valid for it (400).
 */
import { formatPath } from '../../data/data-path.ts';
import type { CoreResponse } from '../exchange.ts';
import type { ResolvedTarget } from './api-path/index.ts';
import { fail, type Call } from './call.ts';
import { describeTarget } from './describe-target.ts';
import type { Maybe } from '../../base/maybe.ts';
import { createData, deleteData, getData, invokeOperation, optionsData, patchData, putData } from './methods/index.ts';
import { checkParameters, type ParameterUse } from './query/index.ts';
import { allowedMethods, allowHeader, methodNotAllowed } from './response/index.ts';

const READ: ReadonlySet<ParameterUse> = new Set(['read']);
const EDIT: ReadonlySet<ParameterUse> = new Set(['edit']);
const NONE: ReadonlySet<ParameterUse> = new Set();

const usesOf = (method: string, target: ResolvedTarget): ReadonlySet<ParameterUse> => {
  if (method === 'GET' || method === 'HEAD') return READ;
  if ((method === 'POST' || method === 'PUT') && target.kind !== 'operation') return EDIT;
  return NONE;
};

export const dispatchTarget = (call: Call, target: ResolvedTarget): Maybe<CoreResponse> => {
  const method = call.request.method;
  const allowed = allowedMethods(target);
  if (!allowed.includes(method)) {
    return fail(call, [methodNotAllowed(method, describeTarget(target), allowed, formatPath(target.path))], allowHeader(allowed));
  }
  const bad = checkParameters(call.params, usesOf(method, target), method);
  if (bad !== undefined) return fail(call, [bad]);
  switch (method) {
    case 'GET': case 'HEAD': return getData(call, target);
    case 'PUT': return putData(call, target);
    case 'PATCH': return patchData(call, target);
    case 'POST': return target.kind === 'operation' ? invokeOperation(call, target) : createData(call, target);
    case 'DELETE': return deleteData(call, target);
    default: return optionsData(call, target);
  }
};
