// Writes small compound files ([MS-CFB]) for the legacy workbook reader's tests: named streams
// under the root storage, small ones in the mini stream, and where each table sits so a test can
// break it on purpose.

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;
const MINI_SECTOR_SIZE = 64;
const MINI_STREAM_CUTOFF = 4096;

export interface CompoundFileStream {
  name: string;
  data: Buffer;
}

/** A built file and where its parts are, by sector number. */
export interface BuiltCompoundFile {
  bytes: Buffer;
  sectorSize: number;
  /** The first FAT sector. */
  fatSector: number;
  /** The regular sectors of each stream stored outside the mini stream, by name. */
  chains: Record<string, number[]>;
  /** The first directory sector. */
  directorySector: number;
}

/** Byte offset of sector `index` in a file with `sectorSize`-byte sectors. */
export const sectorOffset = (sectorSize: number, index: number) => (index + 1) * sectorSize;

function directoryEntry(name: string, type: number, child: number, right: number, start: number, size: number): Buffer {
  const entry = Buffer.alloc(128);
  const encoded = Buffer.from(`${name}\u0000`, 'utf16le');
  encoded.copy(entry, 0);
  entry.writeUInt16LE(encoded.length, 64);
  entry[66] = type;
  entry[67] = 1; // black
  entry.writeUInt32LE(NO_STREAM, 68);
  entry.writeUInt32LE(right, 72);
  entry.writeUInt32LE(child, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size, 120);
  return entry;
}

/**
 * A version 3 (512-byte sectors) or version 4 (4096-byte sectors) compound file whose root
 * storage holds `streams`; siblings are chained through their right links.
 */
export function buildCompoundFile(streams: CompoundFileStream[], majorVersion: 3 | 4 = 3): BuiltCompoundFile {
  const sectorSize = majorVersion === 3 ? 512 : 4096;
  const sectors: Buffer[] = [];
  const next: number[] = [];
  const allocate = (data: Buffer): number[] => {
    const chain: number[] = [];
    for (let offset = 0; offset < Math.max(data.length, 1); offset += sectorSize) {
      const sector = Buffer.alloc(sectorSize);
      data.copy(sector, 0, offset, Math.min(offset + sectorSize, data.length));
      chain.push(sectors.length);
      sectors.push(sector);
      next.push(END_OF_CHAIN);
    }
    chain.forEach((sector, position) => (next[sector] = chain[position + 1] ?? END_OF_CHAIN));
    return chain;
  };

  const chains: Record<string, number[]> = {};
  const starts: number[] = [];
  const miniParts: Buffer[] = [];
  const miniFat: number[] = [];
  for (const stream of streams) {
    if (stream.data.length >= MINI_STREAM_CUTOFF) {
      chains[stream.name] = allocate(stream.data);
      starts.push(chains[stream.name]![0]!);
      continue;
    }
    const first = miniFat.length;
    const count = Math.ceil(stream.data.length / MINI_SECTOR_SIZE);
    for (let index = 0; index < count; index++) miniFat.push(index === count - 1 ? END_OF_CHAIN : first + index + 1);
    miniParts.push(Buffer.concat([stream.data, Buffer.alloc(count * MINI_SECTOR_SIZE - stream.data.length)]));
    starts.push(count === 0 ? END_OF_CHAIN : first);
  }
  const miniStream = Buffer.concat(miniParts);
  const miniStreamStart = miniStream.length ? allocate(miniStream)[0]! : END_OF_CHAIN;
  const miniFatBytes = Buffer.alloc(miniFat.length * 4);
  miniFat.forEach((value, index) => miniFatBytes.writeUInt32LE(value, index * 4));
  const miniFatStart = miniFat.length ? allocate(miniFatBytes)[0]! : END_OF_CHAIN;

  const entries = [directoryEntry('Root Entry', 5, streams.length ? 1 : NO_STREAM, NO_STREAM, miniStreamStart, miniStream.length)];
  streams.forEach((stream, index) => entries.push(directoryEntry(stream.name, 2, NO_STREAM, index + 2 <= streams.length ? index + 2 : NO_STREAM, starts[index]!, stream.data.length)));
  const directorySector = allocate(Buffer.concat(entries))[0]!;

  // FAT sectors come last; they must also describe themselves.
  const perSector = sectorSize / 4;
  let fatCount = 1;
  while (fatCount * perSector < sectors.length + fatCount) fatCount++;
  const fatSector = sectors.length;
  for (let index = 0; index < fatCount; index++) next.push(FAT_SECTOR);
  const fat = Buffer.alloc(fatCount * sectorSize, 0xff);
  next.forEach((value, index) => fat.writeUInt32LE(value, index * 4));
  for (let index = 0; index < fatCount; index++) sectors.push(fat.subarray(index * sectorSize, (index + 1) * sectorSize));

  const header = Buffer.alloc(sectorSize);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(majorVersion, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(majorVersion === 3 ? 9 : 12, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(fatCount, 44);
  header.writeUInt32LE(directorySector, 48);
  header.writeUInt32LE(MINI_STREAM_CUTOFF, 56);
  header.writeUInt32LE(miniFatStart, 60);
  header.writeUInt32LE(miniFat.length ? Math.ceil(miniFatBytes.length / sectorSize) : 0, 64);
  header.writeUInt32LE(END_OF_CHAIN, 68);
  for (let index = 0; index < 109; index++) header.writeUInt32LE(index < fatCount ? fatSector + index : FREE_SECTOR, 76 + index * 4);
  return { bytes: Buffer.concat([header, ...sectors]), sectorSize, fatSector, chains, directorySector };
}
