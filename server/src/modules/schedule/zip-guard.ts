import { inflateRawSync } from 'node:zlib';

/**
 * A zip bomb check for uploaded .xlsx files, run before SheetJS sees the bytes: the archive's
 * central directory is read here, and every entry is inflated with its declared size as the
 * output bound, so an entry that lies about its size, or a set of entries that together inflate
 * past ZIP_LIMITS.totalBytes, is refused without ever being expanded in full.
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
export const zipIsSafe = (bytes: Buffer): boolean => inspectZip(bytes) !== null;

/** What a safe zip tells before any parser reads it: the dimension each worksheet declares ('A1:F201'). */
export interface ZipFacts {
  dimensions: string[];
}

/** A worksheet part of an .xlsx, and its declared dimension (18.3.1.35, near the part's start). */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const DIMENSION = /<(?:\w+:)?dimension\s+ref\s*=\s*["']([^"']{1,40})["']/;
/** How far into a worksheet part its dimension is looked for. */
const DIMENSION_WITHIN = 64 * 1024;

/** zipIsSafe's check, and the facts it read on the way; null for an unsafe zip. */
export function inspectZip(bytes: Buffer): ZipFacts | null {
  try {
    return checkZip(bytes);
  } catch {
    // A read past the end (RangeError) or an inflate failure: malformed.
    return null;
  }
}

function checkZip(bytes: Buffer): ZipFacts | null {
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
    const inflated = entryInflatesAsDeclared(bytes, localStart, directoryStart, method, compressed, size);
    if (!inflated) return null;
    const dimension = WORKSHEET.test(name) ? DIMENSION.exec(inflated.toString('latin1', 0, DIMENSION_WITHIN))?.[1] : undefined;
    if (dimension) dimensions.push(dimension);
  }
  return { dimensions };
}

/** Inflates one entry (bounded by its declared size): its bytes when they are exactly that many, else null. */
function entryInflatesAsDeclared(bytes: Buffer, localStart: number, end: number, method: number, compressed: number, size: number): Buffer | null {
  if (bytes.readUInt32LE(localStart) !== LOCAL) return null;
  const dataStart = localStart + 30 + bytes.readUInt16LE(localStart + 26) + bytes.readUInt16LE(localStart + 28);
  if (dataStart + compressed > end) return null;
  const data = bytes.subarray(dataStart, dataStart + compressed);
  if (method === STORED) return compressed === size ? data : null;
  if (method !== DEFLATED) return null;
  // maxOutputLength: inflating past the declared size throws instead of allocating on.
  const inflated = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
  return inflated.length === size ? inflated : null;
}
