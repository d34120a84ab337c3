// api-paths (RFC 8040 §3.5.3) against the schema outline: a path's text
// parsed and resolved to its schema nodes, and written back.

/** The nodes below a node (choices and cases see-through), its actions and notifications, each with its module. */
export const childrenOf = (node, module) => {
  const flat = (nodes, m) => nodes.flatMap((n) => (n.kind === 'choice'
    ? n.cases.flatMap((c) => flat(c.children, c.module ?? n.module ?? m))
    : [{ node: n, module: n.module ?? m }]));
  return [
    ...flat(node.children ?? [], module),
    ...(node.actions ?? []).map((a) => ({ node: a, module: a.module ?? module })),
    ...(node.notifications ?? []).map((x) => ({ node: x, module: x.module ?? module })),
  ];
};

/** A module's top-level nodes, rpcs and notifications. */
export const topOf = (m) => [
  ...childrenOf({ children: m.children }, m.name),
  ...m.rpcs.map((r) => ({ node: r, module: m.name })),
  ...m.notifications.map((n) => ({ node: n, module: m.name })),
];

/**
 * A path's steps resolved: { steps: [{ node, module, keys }] } or { error }.
 * `keys` are the decoded key values of a list step (undefined without `=`).
 */
export const resolvePath = (schema, text) => {
  const parts = text.trim().replace(/^\/?(restconf\/data\/)?/, '').split('/').filter((s) => s !== '');
  if (parts.length === 0) return { error: 'the path is empty: start with a module, e.g. module:node' };
  const steps = [];
  let candidates;
  for (const part of parts) {
    const m = /^(?:([^:=]+):)?([^=]+)(?:=(.*))?$/.exec(part);
    if (m === null) return { error: `"${part}" is not a path step` };
    const [, prefix, name, keyText] = m;
    if (candidates === undefined) {
      const module = schema.modules.find((x) => x.name === prefix);
      if (module === undefined) return { error: prefix === undefined ? `the first step "${part}" needs its module: module:${name}` : `no module ${prefix} is served` };
      candidates = topOf(module);
    }
    const found = candidates.find((c) => c.node.name === name && (prefix === undefined || c.module === prefix));
    if (found === undefined) return { error: `no node ${name} at ${steps.length === 0 ? 'the top' : formatPath(steps)}` };
    let keys;
    if (keyText !== undefined) {
      try { keys = keyText.split(',').map(decodeURIComponent); } catch { return { error: `the key in "${part}" is not percent-encoded correctly` }; }
    }
    const step = { node: found.node, module: found.module, keys };
    if (keys !== undefined && found.node.kind === 'list' && keys.length !== found.node.keys.length) return { error: `${name} has ${found.node.keys.length} key(s) (${found.node.keys.join(', ')}); the path gives ${keys.length}` };
    const before = steps.at(-1);
    if (before?.node.kind === 'list' && before.keys === undefined) return { error: `the list ${before.node.name} needs its key before ${name}: ${before.node.name}=…`, list: steps.slice() };
    steps.push(step);
    candidates = childrenOf(found.node, found.module);
  }
  return { steps };
};

/** A path's text: `module:` where the module changes, keys percent-encoded. */
export const formatPath = (steps) => steps.map((s, i) => {
  const name = i === 0 || s.module !== steps[i - 1].module ? `${s.module}:${s.node.name}` : s.node.name;
  return s.keys === undefined ? name : `${name}=${s.keys.map(encodeURIComponent).join(',')}`;
}).join('/');

/** The node's name as a JSON member, module-qualified (RFC 7951). */
export const member = (step) => `${step.module}:${step.node.name}`;
