/**
 * The data file the benchmark's server starts from, written directly in
 * RFC 7951 JSON: bench-net's config leaves, `entries` interfaces of about
 * 180 bytes each and its state; bench-site (small, with a leafref into the
 * list); and rxconf-server's limits raised so that a 100,000-entry list may
 * be read in one answer (the default max-node-count is 10,000).
 */
import { writeFileSync } from 'node:fs';

/** The interface at `i`: every entry distinct (name, address), the size of a real one. */
export const interfaceEntry = (i: number): Record<string, unknown> => ({
  name: `eth${i}`,
  description: `access port ${i}, rack ${i % 40}, row ${i % 7}, patch panel B-${i % 48}`,
  enabled: i % 13 !== 0,
  mtu: i % 5 === 0 ? 9000 : 1500,
  vlan: 100 + (i % 3000),
  address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  'prefix-length': 24,
  speed: ['1g', '10g', '25g', '100g'][i % 4],
});

/** The whole document for a datastore whose bench-net list holds `entries` entries. */
export const seedDocument = (entries: number): Record<string, unknown> => ({
  'bench-net:network': {
    hostname: 'edge-router-17',
    domain: 'lab.example.net',
    contact: 'noc@example.net',
    location: 'building 3, room 2.14',
    mtu: 1500,
    interface: Array.from({ length: entries }, (_, i) => interfaceEntry(i)),
    state: { uptime: 86_400, 'last-change': '2025-01-01T00:00:00Z', 'in-octets': '918273645', 'out-octets': '123456789' },
  },
  'bench-site:site': {
    name: 'lab-3',
    region: 'eu-west',
    'management-interface': 'eth0',
    'ntp-server': ['ntp1.example.net', 'ntp2.example.net'],
  },
  'rxconf-server:server': { limits: { 'max-node-count': 4_000_000 } },
});

export const writeSeed = (file: string, entries: number): void => {
  writeFileSync(file, `${JSON.stringify(seedDocument(entries))}\n`);
};
