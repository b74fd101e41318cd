import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactIdentity, redactorOf, redactTopicFields } from './identity-redaction.ts';

describe('redactIdentity', () => {
  const identity = { name: '曹小明', examNumber: '030199000002' };

  it('stars out the name and the exam number, keeping every offset', () => {
    const text = '本人曹小明，准考证号030199000002；曹小明';
    const redacted = redactIdentity(text, identity);
    assert.equal(redacted, '本人＊＊＊，准考证号＊＊＊＊＊＊＊＊＊＊＊＊；＊＊＊');
    assert.equal(redacted.length, text.length);
    assert.equal(redacted.indexOf('准考证号'), text.indexOf('准考证号'));
  });

  it('matches a Latin name whatever its case, and leaves the text alone without an identity', () => {
    assert.equal(
      redactIdentity('by cao xiaoming.', { name: 'Cao Xiaoming', examNumber: null }),
      'by ＊＊＊＊＊＊＊＊＊＊＊＊.',
    );
    assert.equal(redactIdentity('曹小明', null), '曹小明');
  });

  it('does not blank a one-character name everywhere, and treats the name as text, not a pattern', () => {
    assert.equal(redactIdentity('王道', { name: '王', examNumber: '' }), '王道');
    assert.equal(redactIdentity('a.b axb', { name: 'a.b', examNumber: null }), '＊＊＊ axb');
  });

  it('redacts a topic but its title', () => {
    const fields = { title: '曹小明的研究', rationale: '曹小明', outline: '', references: '见 030199000002' };
    assert.deepEqual(redactTopicFields(fields, redactorOf(identity)), {
      title: '曹小明的研究',
      rationale: '＊＊＊',
      outline: '',
      references: '见 ＊＊＊＊＊＊＊＊＊＊＊＊',
    });
  });
});
