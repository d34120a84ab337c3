/** An interfaces tree and hand-written schema hooks for the YANG function tests. */
import { jsonXNode, type XNode, type XPathContext, type YangFunctions } from '../../src/xpath/index.ts';

export const ifDoc = {
  'ietf-interfaces:interfaces': {
    interface: [
      { name: 'eth0', type: 'iana-if-type:ethernetCsmacd', speed: 'fast', flags: 'up running', mtu: 1500 },
      { name: 'lo', type: 'iana-if-type:softwareLoopback', speed: 'slow', flags: '', mtu: 65536 },
      { name: 'vlan1', type: 'iana-if-type:l2vlan', 'lower-layer-if': 'eth0', speed: 'odd' },
    ],
  },
};
export const ifRoot = jsonXNode(ifDoc);
export const ifPrefixes: ReadonlyMap<string, string> = new Map([
  ['if', 'ietf-interfaces'], ['ianaift', 'iana-if-type'],
]);

/** identity → its bases */
const bases: Readonly<Record<string, readonly string[]>> = {
  'iana-if-type:iana-interface-type': ['ietf-interfaces:interface-type'],
  'iana-if-type:ethernetCsmacd': ['iana-if-type:iana-interface-type'],
  'iana-if-type:softwareLoopback': ['iana-if-type:iana-interface-type'],
  'iana-if-type:l2vlan': ['iana-if-type:iana-interface-type'],
};

function isDerived(value: string, base: string): boolean {
  return (bases[value] ?? []).some((b) => b === base || isDerived(b, base));
}

const kids = (n: XNode): XNode[] => [...n.children()];
const interfaces = (): XNode[] => kids(kids(ifRoot)[0] as XNode);

export const hooks: YangFunctions = {
  derivedFrom: (value, base, orSelf) => {
    const b = `${base.module}:${base.name}`;
    return (orSelf && value === b) || isDerived(value, b);
  },
  enumValue: (node) => (node.name === 'speed' ? ({ slow: 0, fast: 5 } as Record<string, number>)[node.stringValue()] : undefined),
  deref: (node) => interfaces()
    .flatMap(kids)
    .filter((n) => n.name === 'name' && n.stringValue() === node.stringValue()),
};

export function ifCtx(node: XNode, extra: Partial<XPathContext> = {}): XPathContext {
  return { node, prefixes: ifPrefixes, defaultModule: 'ietf-interfaces', functions: hooks, ...extra };
}

/** interface number i (0-based), or one of its children. */
export function iface(i: number, child?: string): XNode {
  const entry = interfaces()[i] as XNode;
  if (child === undefined) return entry;
  const c = kids(entry).find((n) => n.name === child);
  if (c === undefined) throw new Error(`no ${child} in interface ${i}`);
  return c;
}
