/**
 * The layers of src/, lowest first: a folder may import the folders of the
 * layers below its own, never a peer of its layer nor anything above.
 * test/architecture/import-graph.test.ts runs dependency-cruiser with the
 * rules made here (an import of a peer's or a higher layer's folder is a
 * violation) and checks the folder graph it finds has no cycle;
 * docs/architecture.md lists the layers in this order (a test keeps the
 * two in step). src/index.ts, the package's entry, may import any folder.
 * `npx depcruise --config .dependency-cruiser.mjs src` runs the same rules.
 */
export const layers = [
  { folders: ['base', 'errors', 'parser'], role: 'foundations: answers and buffers, the RFC 8040 error catalogue, the YANG parser' },
  { folders: ['meta'], role: 'the compiled schema model' },
  { folders: ['types'], role: 'codecs of the YANG built-in types' },
  { folders: ['compile', 'xpath'], role: 'the schema compiler; the XPath evaluator' },
  { folders: ['data'], role: 'the data tree and its JSON' },
  { folders: ['store', 'validate'], role: 'durable storage; whole-datastore validation' },
  { folders: ['actors'], role: 'the node contract and runtime' },
  { folders: ['codegen', 'docs', 'openapi', 'streams'], role: 'generated types, documents, OpenAPI, event streams' },
  { folders: ['http'], role: 'the RESTCONF core and its adapters' },
  { folders: ['client', 'cluster'], role: 'the RESTCONF client; the replicated storage backend' },
  { folders: ['server'], role: 'createServer: the pipeline and its assembly' },
  { folders: ['cli'], role: 'the rxconf command' },
];

const any = (folders) => `^src/(${folders.join('|')})/`;

/** For each layer, the folders above it and its peers: what it may not import. */
const upward = layers.flatMap((layer, i) => {
  const forbidden = [...layers.slice(i + 1).flatMap((l) => l.folders), ...layer.folders];
  return layer.folders.map((folder) => ({
    name: `no-upward-import-from-${folder}`,
    severity: 'error',
    comment: `src/${folder} imports only folders of lower layers (.dependency-cruiser.mjs)`,
    from: { path: `^src/${folder}/` },
    to: { path: any(forbidden.filter((f) => f !== folder)) },
  }));
});

export default {
  forbidden: [
    ...upward,
  ],
  options: {
    includeOnly: '^src/',
    // type-only imports count: a type from above couples a folder as much as a value
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
