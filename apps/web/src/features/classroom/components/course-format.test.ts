import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COURSEWARE_ACCEPT, COURSEWARE_LIMITS, HAND_IN_ACCEPT } from '@zikao/contract/course';
import { withZoneNote } from '../../../shared/utils/beijing-time.ts';
import { fileRefusal, fileSizeText, scheduleText } from './course-format.ts';

describe('course texts', () => {
  it('writes file sizes in B, KB and MB', () => {
    assert.equal(fileSizeText(512), '512 B');
    assert.equal(fileSizeText(20_480), '20 KB');
    assert.equal(fileSizeText(3.46 * 1024 * 1024), '3.5 MB');
  });

  it('writes a slot with one date, or two when it runs past midnight', () => {
    // Beijing time (UTC+8) on any device, labelled as such on a device elsewhere.
    const start = Date.UTC(2026, 10, 25, 1, 0);
    assert.equal(scheduleText(start, Date.UTC(2026, 10, 25, 2, 30)), withZoneNote('2026-11-25 09:00–10:30', start));
    assert.equal(
      scheduleText(start, Date.UTC(2026, 10, 25, 16, 30)),
      withZoneNote('2026-11-25 09:00–2026-11-26 00:30', start),
    );
  });

  it('refuses courseware of another type or past the size limit before sending it', () => {
    assert.equal(fileRefusal({ name: '第一讲.PPTX', size: 1000 }, COURSEWARE_ACCEPT, COURSEWARE_LIMITS.bytes), null);
    assert.match(
      fileRefusal({ name: '讲义.docx', size: 1000 }, COURSEWARE_ACCEPT, COURSEWARE_LIMITS.bytes) ?? '',
      /不支持该文件类型，请上传 PDF、PPT、PPTX、PNG/,
    );
    assert.equal(
      fileRefusal({ name: '大.pdf', size: COURSEWARE_LIMITS.bytes + 1 }, COURSEWARE_ACCEPT, COURSEWARE_LIMITS.bytes),
      '文件超过 50 MB',
    );
    assert.equal(fileRefusal({ name: '空.pdf', size: 0 }, COURSEWARE_ACCEPT, COURSEWARE_LIMITS.bytes), '文件是空的');
    assert.equal(fileRefusal({ name: '无扩展名', size: 10 }, HAND_IN_ACCEPT, 100) !== null, true);
  });
});
