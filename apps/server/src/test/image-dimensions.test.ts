import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { ErrorCode, signParams } from '@zikao/contract';
import type { CoursewareDto } from '@zikao/contract/course';
import { pngChunk } from '../documents/upload/attachment-metadata.ts';
import { type PictureType, pixelSizeOf } from '../shared/image-dimensions.ts';
import {
  boardLink,
  buildCourseWorld,
  type CourseWorld,
  createCourse,
  credentialOf,
  TEST_LINK_SECRET,
} from '../teaching/course/course.test-kit.ts';
import { png } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const REFUSAL = '图片为 20000×20000 像素，超过上限（每边不超过 10000 像素，总计不超过 5000 万像素），请缩小后重新上传';

/**
 * A PNG whose header says `width`×`height` (8-bit RGB) and whose one IDAT holds the first rows of
 * zeros, deflated: 1.1 MB of such zeros made the 20000×20000 PNG of issue 32 §4.4; a few rows are
 * enough to be read as one, and cost nothing to make.
 */
function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((1 + width * 3) * 8), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's start: SOI, a JFIF APP0, a comment, and the frame header (SOF0) with this size. */
function jpegHeader(width: number, height: number): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const frame = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xfe, Buffer.from('made by a test')),
    segment(0xc0, frame),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(12 + data.length, 4);
  head.write('WEBP', 8, 'latin1');
  head.write(chunk, 12, 'latin1');
  head.writeUInt32LE(data.length, 16);
  return Buffer.concat([head, data]);
}

const webpLossy = (width: number, height: number) => {
  const frame = Buffer.alloc(10);
  frame.set([0x9d, 0x01, 0x2a], 3);
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  return riff('VP8 ', frame);
};
const webpLossless = (width: number, height: number) => {
  const data = Buffer.alloc(5);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return riff('VP8L', data);
};
const webpExtended = (width: number, height: number) => {
  const data = Buffer.alloc(10);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', data);
};
const gif = (width: number, height: number) => {
  const data = Buffer.from('GIF89a\0\0\0\0\0\0\0;', 'latin1');
  data.writeUInt16LE(width, 6);
  data.writeUInt16LE(height, 8);
  return data;
};
const heic = (width: number, height: number) => {
  const ispe = Buffer.alloc(20);
  ispe.writeUInt32BE(20, 0);
  ispe.write('ispe', 4, 'latin1');
  ispe.writeUInt32BE(width, 12);
  ispe.writeUInt32BE(height, 16);
  return Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), ispe]);
};

describe('a picture’s size, read from its header without decoding it', () => {
  const cases: Array<[PictureType, Buffer, number, number]> = [
    ['png', png(), 1, 1],
    ['png', pngBomb(), 20_000, 20_000],
    ['jpg', jpegHeader(640, 480), 640, 480],
    ['jpg', jpegHeader(65_000, 30_000), 65_000, 30_000],
    ['gif', gif(24, 12), 24, 12],
    ['webp', webpLossy(1024, 768), 1024, 768],
    ['webp', webpLossless(16_383, 9), 16_383, 9],
    ['webp', webpExtended(20_000, 20_000), 20_000, 20_000],
    ['heic', heic(4032, 3024), 4032, 3024],
  ];
  for (const [type, bytes, width, height] of cases) {
    it(`reads ${width}×${height} from a ${type} header`, async () => {
      const file = path.join(tmpdir(), `picture-size-${process.pid}-${type}-${width}.${type}`);
      writeFileSync(file, bytes);
      assert.deepEqual(await pixelSizeOf(file, type), { width, height });
    });
  }
});

/**
 * Issue 32 §4.4: a 20000×20000 PNG, 1.1 MB, was taken as courseware and decoded to be drawn (645 MB
 * to 5.4 GB of memory). Its header is read first now, and it is refused before anything is kept or
 * drawn, as courseware and as a board hand-in.
 */
describe('pictures past IMAGE_LIMITS are refused before they are kept or decoded', () => {
  let app: TestApp;
  let world: CourseWorld;
  const bomb = pngBomb();

  before(async () => {
    app = await createTestApp({ LINK_SECRET: TEST_LINK_SECRET });
    world = await buildCourseWorld(app);
  });
  after(() => app.close());

  /** Whether the content store holds anything, and the upload temp folder anything left over. */
  const stored = () => {
    const files = path.join(app.config.dataDir, 'files');
    const kept = existsSync(files)
      ? readdirSync(files, { recursive: true }).filter((entry) => String(entry).length > 2)
      : [];
    const tmp = path.join(app.config.dataDir, 'tmp');
    return { kept, left: existsSync(tmp) ? readdirSync(tmp) : [] };
  };

  it('refuses a 20000×20000 PNG as courseware, naming the limit, and keeps nothing', async () => {
    const course = await createCourse(app, world);
    const before = stored();
    const form = new FormData();
    form.append('courseId', String(course.id));
    form.append('file', new Blob([new Uint8Array(bomb)]), '板书.png');
    const answer = await app.upload<CoursewareDto>('/api/v1/course/courseware/upload', form, {
      token: world.lecturer.token,
    });
    assert.equal(answer.body.errorCode, ErrorCode.fileTypeRejected);
    assert.equal(answer.body.errorMsg, REFUSAL);
    const rows = await app.database.db
      .selectFrom('courseware_files')
      .select('id')
      .where('course_id', '=', course.id)
      .execute();
    assert.deepEqual(rows, []);
    assert.deepEqual(stored(), before);
  });

  it('refuses a JPEG whose frame is over 10,000 pixels wide as courseware', async () => {
    const course = await createCourse(app, world);
    const form = new FormData();
    form.append('courseId', String(course.id));
    form.append('file', new Blob([new Uint8Array(jpegHeader(12_000, 800))]), '长图.jpg');
    const answer = await app.upload('/api/v1/course/courseware/upload', form, { token: world.lecturer.token });
    assert.equal(answer.body.errorCode, ErrorCode.fileTypeRejected);
    assert.match(answer.body.errorMsg, /^图片为 12000×800 像素，超过上限/);
  });

  it('refuses the same PNG as a board hand-in, and keeps nothing', async () => {
    const course = await createCourse(app, world);
    const credential = credentialOf((await boardLink(app, world.lecturer.token, course.id, 'viewer')).url);
    const fields: Record<string, string> = { ...credential, clientId: 'guest-picture-01', name: '旁听生' };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(bomb)]), '作业.png');
    const request = new Request('http://test.local/', { method: 'POST', body: form });
    const before = stored();
    const t = Date.now();
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/v1/board/handIn/upload?t=${t}&sig=${signParams(fields, t)}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': request.headers.get('content-type') ?? '' },
    });
    const answer = JSON.parse(response.body) as { errorCode: number; errorMsg: string };
    assert.deepEqual(answer, { errorCode: ErrorCode.fileTypeRejected, errorMsg: REFUSAL, data: null });
    const rows = await app.database.db
      .selectFrom('course_hand_ins')
      .select('id')
      .where('course_id', '=', course.id)
      .execute();
    assert.deepEqual(rows, []);
    assert.deepEqual(stored(), before);
  });
});
