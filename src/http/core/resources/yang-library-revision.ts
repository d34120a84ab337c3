/** The revision of ietf-yang-library the server implements (RFC 8525), which `yang-library-version` reports (RFC 8040 §3.3.3). */
export const YANG_LIBRARY_REVISION = '2019-01-04';
