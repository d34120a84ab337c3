/**
 * The `top` container of the vc-edits fixture (test/fixtures: every
 * constraint kind the edit validation checks, all satisfied): the starting
 * document of the random-edit tests. A fresh object per call.
 */
export const vcEditsTop = (): Record<string, unknown> => ({
  limit: 100, mode: 'manual', 'default-item': 'a', 'default-alias': 'al-b', favourites: ['a', 'b'],
  item: [
    { name: 'a', value: 10, port: 1, alias: 'al-a', kind: 'vc-edits:fast', speed: 1000, addr: { host: 'h1', port: 80 }, gain: 5, peer: 'b', sub: [{ id: 1, target: 'b', ref: 2 }] },
    { name: 'b', value: 20, port: 2, alias: 'al-b', kind: 'vc-edits:slow', enabled: true, channel: 3, addr: { host: 'h1', port: 81 } },
    { name: 'c', value: 30, port: 3, enabled: false, length: 50 },
  ],
  pool: { size: 2, members: ['a', 'c'] },
  settings: { level: 3, extra: 'x' },
  disk: 'd1',
  total: 5,
});
