/** One handler per method on data and operation resources (RFC 8040 §4). */
export { getData } from './get-data.ts';
export { putData } from './put-data.ts';
export { patchData } from './patch-data.ts';
export { createData } from './create-data.ts';
export { deleteData } from './delete-data.ts';
export { invokeOperation } from './invoke-operation.ts';
export { optionsData, optionsHeaders } from './options-data.ts';
