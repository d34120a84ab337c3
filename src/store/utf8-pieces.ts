/**
 * Text in, UTF-8 bytes out in pieces of at most `size` bytes (one reused
 * buffer): what is put is gathered into a short string, copied into the
 * buffer, and the buffer handed to `write` when the next text might not
 * fit. `write` must use a piece at once (the buffer is written over next).
 * A text longer than a third of `size` goes out as one piece of its own
 * (with the little put before it).
 */
import { Buffer } from 'node:buffer';
export class Utf8Pieces {
  private text = '';
  private used = 0;
  private readonly buffer: Buffer;
  private readonly spillAt: number;

  constructor(
    private readonly write: (piece: Buffer) => void,
    size = 1 << 20,
  ) {
    this.buffer = Buffer.allocUnsafe(size);
    this.spillAt = size >> 4;
  }

  readonly put = (text: string): void => {
    this.text += text;
    if (this.text.length >= this.spillAt) this.spill();
  };

  /** Hands out everything put so far. */
  end(): void {
    this.spill();
    this.drain();
  }

  private spill(): void {
    const text = this.text;
    this.text = '';
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (this.used + text.length * 3 > this.buffer.length) this.drain();
    if (text.length * 3 > this.buffer.length) this.write(Buffer.from(text, 'utf8'));
    else this.used += this.buffer.write(text, this.used, 'utf8');
  }

  private drain(): void {
    if (this.used > 0) this.write(this.buffer.subarray(0, this.used));
    this.used = 0;
  }
}
