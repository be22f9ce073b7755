/**
 * Builds a page of a file as bytes, one row's text at a time: each row's string is encoded into one growing
 * buffer as it is made. Appending a whole page's rows to one string instead and encoding that at the end is
 * many times slower (V8 builds a deep rope of the pieces and flattens it), measured in docs/developing/reports-engine.md.
 */
export class ByteBuilder {
  private buf: Buffer;
  private used = 0;

  constructor(initial = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  append(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const need = this.used + text.length * 3;
    if (need > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(grown, 0, 0, this.used);
      this.buf = grown;
    }
    this.used += this.buf.write(text, this.used);
  }

  get length(): number {
    return this.used;
  }

  /** The bytes appended since the last take, as a buffer of their own; the builder starts empty again. */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.used);
    this.buf.copy(out, 0, 0, this.used);
    this.used = 0;
    return out;
  }
}
