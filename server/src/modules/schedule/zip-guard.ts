import { constants, inflateRawSync } from 'node:zlib';

/**
 * A zip bomb check for uploaded .xlsx files, run before SheetJS sees the bytes, in two steps. The
 * first (inspectZip) reads the archive's central directory and only the first bytes of each
 * worksheet, for the dimension it declares: cheap, so that a sheet declaring a million cells is
 * refused before anything is expanded. The second (inflatesAsDeclared) inflates every entry with
 * its declared size as the output bound, so an entry that lies about its size, or a set of entries
 * that together inflate past ZIP_LIMITS.totalBytes, is refused without ever being expanded in full.
 */
export const ZIP_LIMITS = {
  /** All entries together, uncompressed (a 200-row schedule sheet is a few hundred KiB). */
  totalBytes: 20 * 1024 * 1024,
  entries: 1000,
  /** An entry over `ratioFrom` bytes may inflate at most this many times its compressed size. */
  ratio: 200,
  ratioFrom: 1024 * 1024,
} as const;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const STORED = 0;
const DEFLATED = 8;

/** The zip's magic bytes ('PK\x03\x04'), what every .xlsx starts with. */
export const isZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL;

/** Where the end-of-central-directory record starts, or -1 (searched back over the longest comment). */
function findEocd(bytes: Buffer): number {
  const last = bytes.length - EOCD_SIZE;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at -= 1) if (bytes.readUInt32LE(at) === EOCD) return at;
  return -1;
}

/**
 * Whether the zip in `bytes` is safe to hand to a parser: a well-formed archive (no ZIP64, only
 * stored or deflated entries) whose entries inflate to exactly their declared sizes, within
 * ZIP_LIMITS. Anything malformed counts as unsafe.
 */
export const zipIsSafe = (bytes: Buffer): boolean => {
  const facts = inspectZip(bytes);
  return facts !== null && inflatesAsDeclared(bytes, facts);
};

/** One entry of the central directory. */
interface ZipEntry {
  method: number;
  compressed: number;
  size: number;
  localStart: number;
}

/** What a well-formed zip tells before anything is inflated: the dimension each worksheet declares ('A1:F201'). */
export interface ZipFacts {
  dimensions: string[];
  /** Where the central directory starts: no entry's data may reach past it. */
  directoryStart: number;
  entries: ZipEntry[];
}

/** A worksheet part of an .xlsx, and its declared dimension (18.3.1.35, near the part's start). */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const DIMENSION = /<(?:\w+:)?dimension\s+ref\s*=\s*["']([^"']{1,40})["']/;
/** How far into a worksheet part its dimension is looked for. */
const DIMENSION_WITHIN = 64 * 1024;
/** The compressed bytes of a worksheet inflated to find its dimension: at most about 2 MB come out of them. */
const DIMENSION_PEEK = 2 * 1024;

/**
 * The first step: a well-formed archive (no ZIP64, only stored or deflated entries, within
 * ZIP_LIMITS' counts, sizes and ratios), its entries, and the dimension each worksheet declares,
 * read from its first bytes only. Null when anything is malformed.
 */
export function inspectZip(bytes: Buffer): ZipFacts | null {
  try {
    return readDirectory(bytes);
  } catch {
    // A read past the end (RangeError) or an inflate failure: malformed.
    return null;
  }
}

/** The second step: whether every entry inflates to exactly its declared size. */
export function inflatesAsDeclared(bytes: Buffer, facts: ZipFacts): boolean {
  try {
    return facts.entries.every((entry) => entryInflatesAsDeclared(bytes, entry, facts.directoryStart) !== null);
  } catch {
    return false;
  }
}

function readDirectory(bytes: Buffer): ZipFacts | null {
  if (bytes.length < EOCD_SIZE || !isZip(bytes)) return null;
  const eocd = findEocd(bytes);
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryStart = bytes.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff announce ZIP64 records, which no spreadsheet this small needs.
  if (count === 0xffff || directoryStart === 0xffffffff || count === 0 || count > ZIP_LIMITS.entries) return null;
  if (directoryStart + directorySize > eocd) return null;

  const dimensions: string[] = [];
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryStart;
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(at) !== CENTRAL) return null;
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localStart = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('latin1', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (at > directoryStart + directorySize) return null;

    total += size;
    if (size === 0xffffffff || compressed === 0xffffffff || total > ZIP_LIMITS.totalBytes) return null;
    if (size > ZIP_LIMITS.ratioFrom && size > compressed * ZIP_LIMITS.ratio) return null;
    if (method !== STORED && method !== DEFLATED) return null;
    const entry = { method, compressed, size, localStart };
    const data = entryData(bytes, entry, directoryStart);
    if (!data) return null;
    entries.push(entry);
    if (WORKSHEET.test(name)) {
      const dimension = DIMENSION.exec(worksheetStart(data, method).toString('latin1', 0, DIMENSION_WITHIN))?.[1];
      if (dimension) dimensions.push(dimension);
    }
  }
  return { dimensions, directoryStart, entries };
}

/** The entry's compressed bytes, or null when its local header is not where the directory says. */
function entryData(bytes: Buffer, { localStart, compressed }: ZipEntry, end: number): Buffer | null {
  if (bytes.readUInt32LE(localStart) !== LOCAL) return null;
  const dataStart = localStart + 30 + bytes.readUInt16LE(localStart + 26) + bytes.readUInt16LE(localStart + 28);
  if (dataStart + compressed > end) return null;
  return bytes.subarray(dataStart, dataStart + compressed);
}

/** A worksheet's first bytes: its first DIMENSION_PEEK compressed bytes inflated as far as they go. */
function worksheetStart(data: Buffer, method: number): Buffer {
  if (method === STORED) return data.subarray(0, DIMENSION_WITHIN);
  // A sync flush: a cut stream gives what it has instead of failing; 2 KB inflate to 2 MB at most.
  return inflateRawSync(data.subarray(0, DIMENSION_PEEK), { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Inflates one entry (bounded by its declared size): its bytes when they are exactly that many, else null. */
function entryInflatesAsDeclared(bytes: Buffer, entry: ZipEntry, end: number): Buffer | null {
  const data = entryData(bytes, entry, end);
  if (!data) return null;
  const { method, compressed, size } = entry;
  if (method === STORED) return compressed === size ? data : null;
  // maxOutputLength: inflating past the declared size throws instead of allocating on.
  const inflated = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
  return inflated.length === size ? inflated : null;
}
