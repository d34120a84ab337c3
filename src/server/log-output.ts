/**
 * Where the default logger's lines go: standard output, written from
 * libuv's pool by sonic-boom (pino's writer), one write at a time, the
 * lines of a write in flight gathered for the next. Node writes
 * `process.stdout` synchronously when it is a file or a pipe: the event
 * loop then waits for each write (and for the file system's journal when
 * the disk is busy), which cost a fifth of the PATCH rate with the access
 * log on. What is still waiting when the process exits is written
 * synchronously then; a crash (kill -9) loses at most the lines of the
 * write in flight and those gathered behind it. Past MAX_WAITING bytes
 * waiting (a reader that stopped reading) further lines are dropped and
 * counted, so the server's memory stays bounded; the count is written
 * once lines go out again.
 */
import sonicBoom from 'sonic-boom';

// a CommonJS module: its export is the class, which also names itself SonicBoom (the form both Node and TypeScript read alike)
const { SonicBoom } = sonicBoom;

/** Bytes of log lines kept waiting for a slow reader before lines are dropped. */
export const MAX_WAITING = 16 << 20;

let output: ((text: string) => void) | undefined;

/** The writer of standard output's log lines (one for the process, made on first use). */
export const stdoutLog = (): ((text: string) => void) => (output ??= logOutput(1));

/** A writer of text to `fd` from the pool, flushed synchronously at exit. */
export const logOutput = (fd: number, maxWaiting = MAX_WAITING): ((text: string) => void) => {
  const boom = new SonicBoom({ fd, sync: false, maxLength: maxWaiting });
  /** Writes of lines dropped since lines last went out. */
  let dropped = 0;
  /** Set by sonic-boom, synchronously, when the write just asked for was dropped. */
  let lost = false;
  let broken = false;
  boom.on('drop', () => {
    lost = true;
  });
  // a reader gone (EPIPE) or a file that cannot be written: logging stops, serving goes on
  boom.on('error', () => {
    broken = true;
  });
  process.on('exit', () => {
    if (broken) return;
    try {
      boom.flushSync();
    } catch {
      // nothing more can be done at exit
    }
  });
  return (text) => {
    if (broken) return;
    if (dropped > 0) {
      lost = false;
      boom.write(droppedLine(dropped));
      if (!lost) dropped = 0;
    }
    lost = false;
    boom.write(text);
    if (lost) dropped += 1;
  };
};

/** A pino-shaped warning telling how many writes of log lines were dropped. */
const droppedLine = (count: number): string =>
  `{"level":40,"time":${Date.now()},"dropped":${count},"msg":"log lines dropped: standard output was not read fast enough"}\n`;
