import { createReadStream } from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { ZipFileWriter } from '../../shared/zip-writer.ts';
import {
  HyperlinkUseScanner,
  isHyperlink,
  parseRelationships,
  type Relationship,
  serializeRelationships,
} from './ooxml-relationships.ts';
import { checkZipLimits, readZipDirectory, type ZipEntry, zipName } from './zip-inspector.ts';

/** A relationships part past this size is not read (a thesis's has a few hundred links, some 100 KB). */
const MAX_RELATIONSHIPS_BYTES = 4 * 1024 * 1024;
/** A part past this size is not searched for its links' uses: its hyperlinks are dropped instead. */
const MAX_SCANNED_PART_BYTES = 64 * 1024 * 1024;

export type OfflinePackageResult = { ok: true; droppedRelationships: number } | { ok: false; reason: string };

class BrokenZip extends Error {}

/**
 * Copies an Office Open XML package (DOCX, PPTX, XLSX) to `output` without anything LibreOffice
 * would fetch while converting it (adr/027): every External relationship is dropped from every
 * `_rels/*.rels` part, except a hyperlink that its part uses only as a hyperlink. Every other
 * entry is copied as its compressed bytes, so nothing is inflated but the relationships parts
 * and, when they hold hyperlinks, the parts that use them. The decompression-bomb limits of
 * `inspectZip` apply; an archive that breaks them or cannot be read is refused.
 */
export async function withoutExternalLinks(input: string, output: string): Promise<OfflinePackageResult> {
  const directory = await readZipDirectory(input);
  const limits = checkZipLimits(directory);
  if (!directory.ok || !limits.ok) return { ok: false, reason: limits.reason ?? '压缩结构损坏' };
  const handle = await open(input, 'r');
  const archive: Archive = {
    file: input,
    handle,
    directoryOffset: directory.directoryOffset,
    parts: new PartIndex(directory.entries),
  };
  let writer: ZipFileWriter | null = null;
  let dropped = 0;
  try {
    writer = await ZipFileWriter.create(output);
    for (const entry of directory.entries) {
      const dataOffset = await dataOffsetOf(archive, entry);
      const source = relationshipsSource(zipName(entry));
      if (source === undefined) {
        await writer.addCompressed(entry, readRange(handle, dataOffset, entry.compressedBytes));
        continue;
      }
      const relationships = parseRelationships((await readSmall(handle, entry, dataOffset)) ?? Buffer.alloc(0));
      const kept = relationships ? await keptRelationships(archive, relationships, source) : [];
      // An unreadable relationships part counts as one dropped: LibreOffice would not read it either.
      dropped += relationships ? relationships.length - kept.length : 1;
      await writer.addData(entry.name, serializeRelationships(kept), entry);
    }
    await writer.close();
    return { ok: true, droppedRelationships: dropped };
  } catch (error) {
    await writer?.abandon();
    await rm(output, { force: true });
    if (error instanceof BrokenZip) return { ok: false, reason: '压缩结构损坏' };
    throw error;
  } finally {
    await handle.close();
  }
}

interface Archive {
  file: string;
  handle: FileHandle;
  directoryOffset: number;
  parts: PartIndex;
}

/** The relationships that stay: internal ones, and external hyperlinks used only as hyperlinks. */
async function keptRelationships(
  archive: Archive,
  relationships: Relationship[],
  source: string | null,
): Promise<Relationship[]> {
  const hyperlinks = relationships.filter((relationship) => relationship.external && isHyperlink(relationship));
  const sourceEntries = source === null || archive.parts.ambiguous ? [] : archive.parts.find(source);
  const safe =
    hyperlinks.length > 0 && sourceEntries.length > 0
      ? await idsUsedOnlyAsHyperlinks(archive, sourceEntries, new Set(hyperlinks.map((link) => link.id)))
      : new Set<string>();
  return relationships.filter(
    (relationship) => !relationship.external || (isHyperlink(relationship) && safe.has(relationship.id)),
  );
}

/** The ids of `candidates` that every copy of the part uses only as hyperlinks. */
async function idsUsedOnlyAsHyperlinks(
  archive: Archive,
  entries: readonly ZipEntry[],
  candidates: Set<string>,
): Promise<Set<string>> {
  let safe = candidates;
  for (const entry of entries) {
    const scanner = new HyperlinkUseScanner(safe);
    const dataOffset = await dataOffsetOf(archive, entry);
    if (!(await feedPart(archive.file, entry, dataOffset, (chunk) => scanner.write(chunk)))) return new Set();
    safe = scanner.end();
  }
  return safe;
}

/** Streams an entry's inflated bytes to `sink`; false when it cannot be read within the limits. */
async function feedPart(
  file: string,
  entry: ZipEntry,
  dataOffset: number,
  sink: (chunk: Buffer) => void,
): Promise<boolean> {
  if (!isReadable(entry) || entry.uncompressedBytes > MAX_SCANNED_PART_BYTES) return false;
  if (entry.compressedBytes === 0) return true;
  const raw = createReadStream(file, { start: dataOffset, end: dataOffset + entry.compressedBytes - 1 });
  const consume = async (source: AsyncIterable<Buffer>) => {
    let total = 0;
    for await (const chunk of source) {
      total += chunk.length;
      // The directory's size may lie; what is inflated is what counts.
      if (total > entry.uncompressedBytes) throw new Error('the part is larger than its directory entry says');
      sink(chunk);
    }
  };
  try {
    if (entry.method === 8) await pipeline(raw, createInflateRaw(), consume);
    else await pipeline(raw, consume);
    return true;
  } catch {
    return false;
  }
}

const isReadable = (entry: ZipEntry) => (entry.method === 0 || entry.method === 8) && (entry.flags & 0x0001) === 0;

/** A relationships part's inflated bytes; null when it is not stored or deflated, encrypted, or too big. */
async function readSmall(handle: FileHandle, entry: ZipEntry, dataOffset: number): Promise<Buffer | null> {
  if (!isReadable(entry) || entry.uncompressedBytes > MAX_RELATIONSHIPS_BYTES) return null;
  if (entry.compressedBytes > MAX_RELATIONSHIPS_BYTES) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of readRange(handle, dataOffset, entry.compressedBytes)) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  if (entry.method === 0) return body;
  try {
    return inflateRawSync(body, { maxOutputLength: MAX_RELATIONSHIPS_BYTES });
  } catch {
    return null;
  }
}

/** Where an entry's data starts, past its local header; the data must end before the directory. */
async function dataOffsetOf(archive: Archive, entry: ZipEntry): Promise<number> {
  const header = Buffer.alloc(30);
  const { bytesRead } = await archive.handle.read(header, 0, 30, entry.localHeaderOffset);
  if (bytesRead < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new BrokenZip();
  const dataOffset = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataOffset + entry.compressedBytes > archive.directoryOffset) throw new BrokenZip();
  return dataOffset;
}

async function* readRange(handle: FileHandle, offset: number, length: number): AsyncGenerator<Buffer> {
  const buffer = Buffer.alloc(Math.min(length, 1 << 20));
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, length - done), offset + done);
    if (bytesRead === 0) throw new BrokenZip();
    done += bytesRead;
    yield Buffer.from(buffer.subarray(0, bytesRead));
  }
}

/** A name as LibreOffice might look it up: `/` for `\`, percent-decoded, without case. */
function normalize(name: string): string {
  let decoded = name.replaceAll('\\', '/');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // not percent-encoded
  }
  return decoded.toLowerCase();
}

/**
 * The part a relationships part belongs to (`word/_rels/document.xml.rels` → `word/document.xml`,
 * normalized); null for the package's own (`_rels/.rels`) or a `.rels` outside a `_rels` folder;
 * undefined for an entry that holds no relationships.
 */
function relationshipsSource(name: string): string | null | undefined {
  const normalized = normalize(name);
  if (!normalized.endsWith('.rels')) return undefined;
  const match = /^(.*\/)?_rels\/([^/]+)\.rels$/.exec(normalized);
  return match?.[2] ? `${match[1] ?? ''}${match[2]}` : null;
}

/** The archive's entries by normalized name, to find the part a relationships part belongs to. */
class PartIndex {
  private readonly byName = new Map<string, ZipEntry[]>();
  /** Two entries with one normalized name: which one LibreOffice reads is not ours to guess. */
  readonly ambiguous: boolean;

  constructor(entries: readonly ZipEntry[]) {
    let ambiguous = false;
    for (const entry of entries) {
      const name = normalize(zipName(entry));
      const known = this.byName.get(name);
      if (known) ambiguous = true;
      this.byName.set(name, [...(known ?? []), entry]);
    }
    this.ambiguous = ambiguous;
  }

  find(name: string): readonly ZipEntry[] {
    return this.byName.get(name) ?? [];
  }
}
