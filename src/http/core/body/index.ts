/** Request bodies: read (media type, size, UTF-8, JSON) and decoded for each kind of request. */
export { readJsonBody, requireJsonBody, type JsonBody } from './read-json-body.ts';
export { UnsupportedMediaType } from './unsupported-media-type.ts';
export { decodeTargetBody } from './decode-target-body.ts';
export { decodeChildBody, type NewChild } from './decode-child-body.ts';
export { decodeDatastoreBody } from './decode-datastore-body.ts';
export { decodeInput } from './decode-input.ts';
export type { DecodeScope } from './decode-member.ts';
export { decodeModuleBody } from './decode-module-body.ts';
export { readFormInput, UPLOADS, type FormInput, type FormUploads } from './form-input.ts';
export { FormUpload } from './form-upload.ts';
export { FORM_BODY_TYPES, isFormContent } from './form-media-types.ts';
export { inputWithUpload } from './form-upload-input.ts';
