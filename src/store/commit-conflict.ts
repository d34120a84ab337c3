/**
 * What a replicated storage backend rejects an edit with when another
 * replica committed first: the edit was validated against a tree that is
 * no longer the latest, so it was undone and is to be made again once this
 * replica has applied what it missed (`caughtUp`).
 */
export class CommitConflict extends Error {
  constructor(readonly caughtUp: Promise<void>) {
    super('another replica committed first');
    this.name = 'CommitConflict';
  }
}
