/** The benchmark application's burst rpc: `count` events from the source on `url`'s server, if it runs it there. */
export const burst = async (url: string, count: number): Promise<boolean> => {
  const r = await fetch(`${url}/restconf/operations/bench-cluster:burst`, {
    method: 'POST',
    headers: { 'content-type': 'application/yang-data+json', accept: 'application/yang-data+json' },
    body: JSON.stringify({ 'bench-cluster:input': { count } }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`burst on ${url}: ${r.status} ${text}`);
  return (JSON.parse(text) as { 'bench-cluster:output'?: { sent?: boolean } })['bench-cluster:output']?.sent === true;
};

/** The replica whose source is listened to: the holder of the source lease (asked for no event). */
export const findHolder = async (urls: readonly string[]): Promise<string> => {
  for (const url of urls) if (await burst(url, 0)) return url;
  throw new Error(`no replica runs the notification source (${urls.join(', ')})`);
};
