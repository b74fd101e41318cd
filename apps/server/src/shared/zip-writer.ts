import { type FileHandle, open } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';

/** What a local header and the central directory both say of an entry. */
export interface ZipEntryHeader {
  name: Buffer;
  /** General-purpose flags: bit 11 says the name is UTF-8; bit 3 (data descriptor) is never written. */
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** MS-DOS time and date. */
  time: number;
  date: number;
  crc32: number;
  compressedBytes: number;
  uncompressedBytes: number;
}

const DATA_DESCRIPTOR_FLAG = 0x0008;

function localHeader(entry: ZipEntryHeader): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(entry.flags & ~DATA_DESCRIPTOR_FLAG, 6);
  local.writeUInt16LE(entry.method, 8);
  local.writeUInt16LE(entry.time, 10);
  local.writeUInt16LE(entry.date, 12);
  local.writeUInt32LE(entry.crc32, 14);
  local.writeUInt32LE(entry.compressedBytes, 18);
  local.writeUInt32LE(entry.uncompressedBytes, 22);
  local.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([local, entry.name]);
}

function centralHeader(entry: ZipEntryHeader, localHeaderOffset: number): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(entry.flags & ~DATA_DESCRIPTOR_FLAG, 8);
  central.writeUInt16LE(entry.method, 10);
  central.writeUInt16LE(entry.time, 12);
  central.writeUInt16LE(entry.date, 14);
  central.writeUInt32LE(entry.crc32, 16);
  central.writeUInt32LE(entry.compressedBytes, 20);
  central.writeUInt32LE(entry.uncompressedBytes, 24);
  central.writeUInt16LE(entry.name.length, 28);
  central.writeUInt32LE(localHeaderOffset, 42);
  return Buffer.concat([central, entry.name]);
}

function endOfDirectory(entries: number, directoryBytes: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directoryBytes, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** The header of `data` stored or deflated under `name` (a string is stored as UTF-8 with the flag that says so). */
function headerFor(name: string | Buffer, data: Buffer, deflate: boolean): { header: ZipEntryHeader; body: Buffer } {
  const body = deflate ? deflateRawSync(data) : data;
  const header: ZipEntryHeader = {
    name: typeof name === 'string' ? Buffer.from(name, 'utf8') : name,
    flags: typeof name === 'string' ? 0x0800 : 0,
    method: deflate ? 8 : 0,
    time: 0,
    date: 0,
    crc32: crc32(data),
    compressedBytes: body.length,
    uncompressedBytes: data.length,
  };
  return { header, body };
}

/**
 * A zip archive built in memory: for demo data and tests. Entries marked `deflate` are compressed;
 * a name given as a string is stored as UTF-8 with the flag that says so, one given as bytes is
 * stored as is without it (as Chinese Windows stores GB18030 names).
 */
export function zipArchive(entries: Array<{ name: string | Buffer; data: Buffer; deflate?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { header, body } = headerFor(entry.name, entry.data, entry.deflate ?? false);
    const local = localHeader(header);
    locals.push(local, body);
    centrals.push(centralHeader(header, offset));
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endOfDirectory(centrals.length, directory.length, offset)]);
}

/**
 * A zip archive written to a file entry by entry, so that no more than one entry's new data is in
 * memory: entries copied from another archive go through as their compressed bytes.
 */
export class ZipFileWriter {
  private readonly handle: FileHandle;
  private readonly centrals: Buffer[] = [];
  private offset = 0;

  private constructor(handle: FileHandle) {
    this.handle = handle;
  }

  static async create(file: string): Promise<ZipFileWriter> {
    return new ZipFileWriter(await open(file, 'w'));
  }

  /** Adds an entry whose compressed bytes, exactly `header.compressedBytes` of them, come from `body`. */
  async addCompressed(header: ZipEntryHeader, body: AsyncIterable<Buffer>): Promise<void> {
    const start = this.offset;
    await this.write(localHeader(header));
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== header.compressedBytes) throw new Error('zip entry body is not the size its header says');
    this.centrals.push(centralHeader(header, start));
  }

  /** Adds `data`, deflated, dated as `like` (an entry it replaces) says. */
  async addData(name: Buffer, data: Buffer, like: { flags: number; time: number; date: number }): Promise<void> {
    const { header, body } = headerFor(name, data, true);
    await this.addCompressed(
      { ...header, flags: like.flags & 0x0800, time: like.time, date: like.date },
      (async function* () {
        yield body;
      })(),
    );
  }

  /** Writes the central directory and closes the file. */
  async close(): Promise<void> {
    try {
      const directory = Buffer.concat(this.centrals);
      const directoryOffset = this.offset;
      await this.write(directory);
      await this.write(endOfDirectory(this.centrals.length, directory.length, directoryOffset));
    } finally {
      await this.handle.close();
    }
  }

  /** Closes the file without finishing it (the caller removes it); closed already is fine. */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  private async write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, this.offset + done);
      done += bytesWritten;
    }
    this.offset += bytes.length;
  }
}
