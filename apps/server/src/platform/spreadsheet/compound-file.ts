import { damaged } from './spreadsheet-error.js';

// A reader for the Compound File Binary format ([MS-CFB]), the container of legacy Office files:
// a small file system of fixed-size sectors, chained by a file allocation table (FAT). Every
// offset, index and chain read from the file is checked before use, every chain is walked with a
// visited set (a cycle is damage, never a loop), and no stream can be longer than the file.

/** The first eight bytes of every compound file ([MS-CFB] "Header Signature"). */
export const COMPOUND_FILE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Files above this size are refused before any parsing (the upload limit is far below it). */
export const MAX_COMPOUND_FILE_BYTES = 64 * 1024 * 1024;

// [MS-CFB] "Compound File Sector Numbers and Types".
const MAX_REGULAR_SECTOR = 0xfffffffa;
const END_OF_CHAIN = 0xfffffffe;
// [MS-CFB] "Compound File Directory Entry": 128 bytes; NOSTREAM marks an absent sibling or child.
const DIRECTORY_ENTRY_SIZE = 128;
const NO_STREAM = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const MINI_STREAM_CUTOFF = 4096;

/** The fields of the 512-byte header ([MS-CFB] "Compound File Header") this reader uses. */
interface Header {
  majorVersion: number;
  sectorSize: number;
  miniSectorSize: number;
  fatSectorCount: number;
  firstDirectorySector: number;
  firstMiniFatSector: number;
  firstDifatSector: number;
  difatSectorCount: number;
  /** The first 109 FAT sector locations, stored in the header itself. */
  headerDifat: number[];
}

type EntryType = 'unused' | 'storage' | 'stream' | 'root';

/** One directory entry ([MS-CFB] "Compound File Directory Entry"): a storage (folder), a stream (file) or the root storage. */
interface DirectoryEntry {
  name: string;
  type: EntryType;
  leftSibling: number;
  rightSibling: number;
  child: number;
  startSector: number;
  size: number;
}

/** An opened compound file: the streams directly under its root storage. */
export interface CompoundFile {
  /** The named stream under the root storage (names compare case-insensitively), or undefined. */
  findRootStream(name: string): Buffer | undefined;
}

/** The sector geometry and allocation tables every stream read needs. */
interface Volume {
  data: Buffer;
  header: Header;
  sectorCount: number;
  fat: Uint32Array;
}

/** Reads the header and checks its fixed fields: signature, byte order, version and sector sizes. */
function readHeader(data: Buffer): Header {
  if (data.length < 512) throw damaged('shorter than a compound file header');
  if (!data.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)) throw damaged('no compound file signature');
  const majorVersion = data.readUInt16LE(26);
  const byteOrder = data.readUInt16LE(28);
  const sectorShift = data.readUInt16LE(30);
  const miniSectorShift = data.readUInt16LE(32);
  if (byteOrder !== 0xfffe) throw damaged('byte order mark is not little-endian');
  // Version 3 uses 512-byte sectors, version 4 uses 4096-byte sectors; nothing else is valid.
  if (!((majorVersion === 3 && sectorShift === 9) || (majorVersion === 4 && sectorShift === 12))) {
    throw damaged(`unsupported version ${majorVersion} with sector shift ${sectorShift}`);
  }
  if (miniSectorShift !== 6) throw damaged(`mini sector shift ${miniSectorShift}`);
  if (data.readUInt32LE(56) !== MINI_STREAM_CUTOFF) throw damaged('mini stream cutoff is not 4096');
  const headerDifat: number[] = [];
  for (let index = 0; index < HEADER_DIFAT_ENTRIES; index++) headerDifat.push(data.readUInt32LE(76 + index * 4));
  return {
    majorVersion,
    sectorSize: 1 << sectorShift,
    miniSectorSize: 1 << miniSectorShift,
    fatSectorCount: data.readUInt32LE(44),
    firstDirectorySector: data.readUInt32LE(48),
    firstMiniFatSector: data.readUInt32LE(60),
    firstDifatSector: data.readUInt32LE(68),
    difatSectorCount: data.readUInt32LE(72),
    headerDifat,
  };
}

/** Sector `index` (the header takes the first sector-sized slot); the last sector may be short. */
function sectorBytes(data: Buffer, sectorSize: number, sectorCount: number, index: number, what: string): Buffer {
  if (index >= sectorCount) throw damaged(`${what} points at sector ${index}, beyond the ${sectorCount} in the file`);
  const start = (index + 1) * sectorSize;
  return data.subarray(start, Math.min(start + sectorSize, data.length));
}

/** A sector that holds a table (FAT, DIFAT, directory): it must be complete. */
function fullSector(data: Buffer, sectorSize: number, sectorCount: number, index: number, what: string): Buffer {
  const bytes = sectorBytes(data, sectorSize, sectorCount, index, what);
  if (bytes.length !== sectorSize) throw damaged(`${what} sector ${index} is truncated`);
  return bytes;
}

/**
 * The locations of the FAT sectors ([MS-CFB] "Compound File DIFAT Sectors"): the first 109
 * are in the header, the rest in a chain of DIFAT sectors whose last entry names the next one.
 */
function readFatSectorLocations(data: Buffer, header: Header, sectorCount: number): number[] {
  const { fatSectorCount, sectorSize } = header;
  if (fatSectorCount > sectorCount) throw damaged(`${fatSectorCount} FAT sectors in a file of ${sectorCount} sectors`);
  const locations = header.headerDifat.slice(0, Math.min(HEADER_DIFAT_ENTRIES, fatSectorCount));
  const entriesPerSector = sectorSize / 4 - 1;
  const visited = new Set<number>();
  let next = header.firstDifatSector;
  for (let read = 0; locations.length < fatSectorCount; read++) {
    if (read >= header.difatSectorCount || next > MAX_REGULAR_SECTOR) throw damaged('the DIFAT chain ends before listing every FAT sector');
    if (visited.has(next)) throw damaged(`the DIFAT chain loops at sector ${next}`);
    visited.add(next);
    const sector = fullSector(data, sectorSize, sectorCount, next, 'the DIFAT');
    for (let index = 0; index < entriesPerSector && locations.length < fatSectorCount; index++) locations.push(sector.readUInt32LE(index * 4));
    next = sector.readUInt32LE(entriesPerSector * 4);
  }
  return locations;
}

/** The file allocation table ([MS-CFB] "Compound File FAT Sectors"): entry n names the sector after sector n in its chain. */
function readFat(data: Buffer, header: Header, sectorCount: number): Uint32Array {
  const locations = readFatSectorLocations(data, header, sectorCount);
  const perSector = header.sectorSize / 4;
  const fat = new Uint32Array(locations.length * perSector);
  const seen = new Set<number>();
  locations.forEach((location, position) => {
    if (seen.has(location)) throw damaged(`FAT sector ${location} is listed twice`);
    seen.add(location);
    const sector = fullSector(data, header.sectorSize, sectorCount, location, 'the FAT');
    for (let index = 0; index < perSector; index++) fat[position * perSector + index] = sector.readUInt32LE(index * 4);
  });
  return fat;
}

/**
 * The sector numbers of a chain, starting at `start`, in a table of `limit` sectors. Stops after
 * `wanted` sectors when given (a stream of known size), otherwise at ENDOFCHAIN. A sector seen
 * twice, a special value inside the chain or an index past the table is damage.
 */
function followChain(table: Uint32Array, start: number, limit: number, what: string, wanted?: number): number[] {
  const chain: number[] = [];
  const visited = new Uint8Array(limit);
  let sector = start;
  while (wanted === undefined || chain.length < wanted) {
    if (sector === END_OF_CHAIN) {
      if (wanted === undefined) return chain;
      throw damaged(`${what} ends after ${chain.length} of ${wanted} sectors`);
    }
    if (sector > MAX_REGULAR_SECTOR || sector >= limit || sector >= table.length) throw damaged(`${what} points at sector ${sector}, out of range`);
    if (visited[sector]) throw damaged(`${what} loops at sector ${sector}`);
    visited[sector] = 1;
    chain.push(sector);
    sector = table[sector]!;
  }
  return chain;
}

/** The bytes of a chain of regular sectors, cut to `size` when given. */
function readRegularChain(volume: Volume, start: number, what: string, size?: number): Buffer {
  const { data, header, sectorCount, fat } = volume;
  const wanted = size === undefined ? undefined : Math.ceil(size / header.sectorSize);
  const chain = followChain(fat, start, sectorCount, what, wanted);
  const bytes = Buffer.concat(chain.map((sector) => sectorBytes(data, header.sectorSize, sectorCount, sector, what)));
  if (size === undefined) return bytes;
  if (bytes.length < size) throw damaged(`${what} is truncated`);
  return bytes.subarray(0, size);
}

const ENTRY_TYPES: Record<number, EntryType> = { 0: 'unused', 1: 'storage', 2: 'stream', 5: 'root' };

/** One 128-byte directory entry ([MS-CFB] "Compound File Directory Entry"); the stream size of a version 3 file is 32-bit. */
function readDirectoryEntry(bytes: Buffer, majorVersion: number, id: number): DirectoryEntry {
  const nameLength = bytes.readUInt16LE(64);
  const type = ENTRY_TYPES[bytes[66]!];
  if (type === undefined) throw damaged(`directory entry ${id} has type ${bytes[66]}`);
  if (type !== 'unused' && (nameLength > 64 || nameLength % 2 !== 0)) throw damaged(`directory entry ${id} has a name of ${nameLength} bytes`);
  // The name length counts the terminating null character.
  const name = type === 'unused' ? '' : bytes.subarray(0, Math.max(0, nameLength - 2)).toString('utf16le');
  const sizeHigh = majorVersion === 3 ? 0 : bytes.readUInt32LE(124);
  if (sizeHigh !== 0) throw damaged(`stream ${name} is larger than 4 GiB`);
  return {
    name,
    type,
    leftSibling: bytes.readUInt32LE(68),
    rightSibling: bytes.readUInt32LE(72),
    child: bytes.readUInt32LE(76),
    startSector: bytes.readUInt32LE(116),
    size: bytes.readUInt32LE(120),
  };
}

/** Every entry of the directory chain ([MS-CFB] "Compound File Directory Sectors"). */
function readDirectory(volume: Volume): DirectoryEntry[] {
  const bytes = readRegularChain(volume, volume.header.firstDirectorySector, 'the directory');
  const entries: DirectoryEntry[] = [];
  for (let offset = 0; offset + DIRECTORY_ENTRY_SIZE <= bytes.length; offset += DIRECTORY_ENTRY_SIZE) {
    entries.push(readDirectoryEntry(bytes.subarray(offset, offset + DIRECTORY_ENTRY_SIZE), volume.header.majorVersion, entries.length));
  }
  if (entries[0]?.type !== 'root') throw damaged('the first directory entry is not the root storage');
  return entries;
}

/**
 * The children of a storage. They form a red-black tree through the left and right sibling
 * links ([MS-CFB] "Red-Black Tree"); its order does not matter here, so this walks it with a stack and
 * refuses an index out of range or an entry reached twice.
 */
function childrenOf(entries: DirectoryEntry[], storage: DirectoryEntry): DirectoryEntry[] {
  const children: DirectoryEntry[] = [];
  const visited = new Set<number>();
  const pending = storage.child === NO_STREAM ? [] : [storage.child];
  while (pending.length > 0) {
    const id = pending.pop()!;
    const entry = entries[id];
    if (entry === undefined || entry.type === 'unused') throw damaged(`the directory tree points at entry ${id}, which does not exist`);
    if (visited.has(id)) throw damaged(`the directory tree reaches entry ${id} twice`);
    visited.add(id);
    children.push(entry);
    if (entry.leftSibling !== NO_STREAM) pending.push(entry.leftSibling);
    if (entry.rightSibling !== NO_STREAM) pending.push(entry.rightSibling);
  }
  return children;
}

/** The mini FAT ([MS-CFB] "Compound File Mini FAT Sectors"): the allocation table of the 64-byte sectors of the mini stream. */
function readMiniFat(volume: Volume): Uint32Array {
  if (volume.header.firstMiniFatSector === END_OF_CHAIN) return new Uint32Array(0);
  const bytes = readRegularChain(volume, volume.header.firstMiniFatSector, 'the mini FAT');
  const table = new Uint32Array(Math.floor(bytes.length / 4));
  for (let index = 0; index < table.length; index++) table[index] = bytes.readUInt32LE(index * 4);
  return table;
}

/** The bytes of a small stream, stored in 64-byte sectors of the mini stream (the root entry's data). */
function readMiniChain(miniStream: Buffer, miniFat: Uint32Array, miniSectorSize: number, entry: DirectoryEntry): Buffer {
  const what = `stream ${entry.name}`;
  const limit = Math.floor(miniStream.length / miniSectorSize);
  const chain = followChain(miniFat, entry.startSector, limit, what, Math.ceil(entry.size / miniSectorSize));
  const bytes = Buffer.concat(chain.map((sector) => miniStream.subarray(sector * miniSectorSize, (sector + 1) * miniSectorSize)));
  return bytes.subarray(0, entry.size);
}

/** Opens a compound file, checking its header, FAT and directory; streams are read on demand. */
export function openCompoundFile(data: Buffer): CompoundFile {
  if (data.length > MAX_COMPOUND_FILE_BYTES) throw damaged(`larger than ${MAX_COMPOUND_FILE_BYTES} bytes`);
  const header = readHeader(data);
  const sectorCount = Math.ceil((data.length - header.sectorSize) / header.sectorSize);
  if (sectorCount <= 0) throw damaged('no sector after the header');
  const volume: Volume = { data, header, sectorCount, fat: readFat(data, header, sectorCount) };
  const entries = readDirectory(volume);
  const root = entries[0]!;
  const children = childrenOf(entries, root);
  let miniStream: { bytes: Buffer; fat: Uint32Array } | undefined;
  const mini = () => (miniStream ??= { bytes: root.size === 0 ? Buffer.alloc(0) : readRegularChain(volume, root.startSector, 'the mini stream', root.size), fat: readMiniFat(volume) });

  return {
    findRootStream(name) {
      const entry = children.find((child) => child.type === 'stream' && child.name.toUpperCase() === name.toUpperCase());
      if (!entry) return undefined;
      if (entry.size === 0) return Buffer.alloc(0);
      if (entry.size >= MINI_STREAM_CUTOFF) return readRegularChain(volume, entry.startSector, `stream ${entry.name}`, entry.size);
      const { bytes, fat } = mini();
      return readMiniChain(bytes, fat, header.miniSectorSize, entry);
    },
  };
}
