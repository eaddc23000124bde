import { damaged } from './spreadsheet-error.js';

// The record layer of a BIFF8 workbook stream ([MS-XLS] "Record"): each record is a 16-bit
// type, a 16-bit size and that many bytes of data. A record too long for one (SST, STRING) goes
// on in CONTINUE records right after it. Strings use the [MS-XLS] XLUnicodeString family of layouts.

/** [MS-XLS] "Continue": more data of the record before it. */
export const CONTINUE = 0x003c;

/** One record: its type, its data and where the next record starts. */
export interface BiffRecord {
  type: number;
  data: Buffer;
  /** The stream offset of the record after this one. */
  next: number;
}

/** The record at `offset` of the stream, checked to lie wholly inside it. */
export function recordAt(stream: Buffer, offset: number): BiffRecord {
  if (offset < 0 || offset + 4 > stream.length) throw damaged(`record header at ${offset} is past the end of the workbook stream`);
  const type = stream.readUInt16LE(offset);
  const size = stream.readUInt16LE(offset + 2);
  const next = offset + 4 + size;
  if (next > stream.length) throw damaged(`record 0x${type.toString(16)} at ${offset} runs past the end of the workbook stream`);
  return { type, data: stream.subarray(offset + 4, next), next };
}

/** A record's data with the data of the CONTINUE records that follow it, and the offset after them. */
export function withContinues(stream: Buffer, record: BiffRecord): { segments: Buffer[]; next: number } {
  const segments = [record.data];
  let next = record.next;
  while (next + 4 <= stream.length && stream.readUInt16LE(next) === CONTINUE) {
    const continued = recordAt(stream, next);
    segments.push(continued.data);
    next = continued.next;
  }
  return { segments, next };
}

/**
 * Reads through a record and its CONTINUE records as one run of bytes, except for characters:
 * where a string's characters cross into the next CONTINUE record, that record starts with a
 * fresh option byte whose low bit says whether the rest is 8-bit or UTF-16LE ([MS-XLS]
 * "XLUnicodeRichExtendedString" and "SST").
 */
export class SegmentCursor {
  private segment = 0;
  private position = 0;

  constructor(private readonly segments: Buffer[]) {}

  /** Whether every byte has been read. */
  get isAtEnd(): boolean {
    this.skipFinishedSegments();
    return this.segment >= this.segments.length;
  }

  uint8(): number {
    return this.fixed(1, (bytes, at) => bytes[at]!);
  }

  uint16(): number {
    return this.fixed(2, (bytes, at) => bytes.readUInt16LE(at));
  }

  uint32(): number {
    return this.fixed(4, (bytes, at) => bytes.readUInt32LE(at));
  }

  /** Skips `count` bytes, across segment boundaries. */
  skip(count: number): void {
    let left = count;
    while (left > 0) {
      const current = this.currentSegment(`skipping ${count} bytes`);
      const step = Math.min(left, current.length - this.position);
      this.position += step;
      left -= step;
    }
  }

  /** `count` characters, 8-bit (the low byte of UTF-16) or UTF-16LE, switching at each new segment. */
  chars(count: number, isHighByte: boolean): string {
    let text = '';
    let left = count;
    let wide = isHighByte;
    while (left > 0) {
      if (this.position >= (this.segments[this.segment]?.length ?? 0)) {
        this.moveToNextSegment();
        wide = (this.uint8() & 0x01) !== 0;
      }
      const current = this.segments[this.segment]!;
      const width = wide ? 2 : 1;
      const take = Math.min(left, Math.floor((current.length - this.position) / width));
      if (take === 0) throw damaged('a string character is split across records');
      const end = this.position + take * width;
      text += current.toString(wide ? 'utf16le' : 'latin1', this.position, end);
      this.position = end;
      left -= take;
    }
    return text;
  }

  /** A fixed-size number, read in place unless it straddles two segments. */
  private fixed(count: number, read: (bytes: Buffer, at: number) => number): number {
    const current = this.currentSegment(`reading ${count} bytes`);
    if (this.position + count <= current.length) {
      const value = read(current, this.position);
      this.position += count;
      return value;
    }
    const gathered = Buffer.alloc(count);
    for (let index = 0; index < count; index++) gathered[index] = this.uint8();
    return read(gathered, 0);
  }

  private currentSegment(what: string): Buffer {
    this.skipFinishedSegments();
    const current = this.segments[this.segment];
    if (current === undefined) throw damaged(`a record ends while ${what}`);
    return current;
  }

  private skipFinishedSegments(): void {
    while (this.segment < this.segments.length && this.position >= this.segments[this.segment]!.length) this.moveToNextSegment();
  }

  private moveToNextSegment(): void {
    this.segment++;
    this.position = 0;
    if (this.segment >= this.segments.length) throw damaged('a string runs past its last CONTINUE record');
  }
}

/**
 * [MS-XLS] "XLUnicodeRichExtendedString": a 16-bit character count, option flags
 * (0x01 UTF-16, 0x04 phonetic data follows, 0x08 rich-text runs follow), the run count and the
 * phonetic size when flagged, the characters, then the runs (4 bytes each) and phonetic bytes,
 * which are skipped.
 */
export function readRichExtendedString(cursor: SegmentCursor): string {
  const count = cursor.uint16();
  const flags = cursor.uint8();
  const runCount = flags & 0x08 ? cursor.uint16() : 0;
  const phoneticSize = flags & 0x04 ? cursor.uint32() : 0;
  const text = cursor.chars(count, (flags & 0x01) !== 0);
  cursor.skip(runCount * 4 + phoneticSize);
  return text;
}

/** [MS-XLS] "XLUnicodeString": a 16-bit character count, option flags, the characters. */
export function readUnicodeString(cursor: SegmentCursor): string {
  const count = cursor.uint16();
  const flags = cursor.uint8();
  return cursor.chars(count, (flags & 0x01) !== 0);
}

/** [MS-XLS] "ShortXLUnicodeString": an 8-bit character count, option flags, the characters. */
export function readShortUnicodeString(cursor: SegmentCursor): string {
  const count = cursor.uint8();
  const flags = cursor.uint8();
  return cursor.chars(count, (flags & 0x01) !== 0);
}
