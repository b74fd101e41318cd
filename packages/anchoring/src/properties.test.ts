import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { anchor, locate, type TextAnchor } from './anchor.ts';
import { DocumentText } from './document.ts';
import { toW3CAnnotation } from './jsonld.ts';
import type { Annotation, Selector, SpecificResource } from './model.ts';
import { reanchor } from './reanchor.ts';
import { describeTextRange } from './selectors.ts';

const RUNS = Number(process.env.ANCHORING_PROPERTY_RUNS ?? 200);
// One seed for the whole file, printed with any failure: ANCHORING_PROPERTY_SEED=<seed> reruns it.
const SEED = Number(process.env.ANCHORING_PROPERTY_SEED ?? Math.floor(Math.random() * 0x7fffffff));
fc.configureGlobal({ seed: SEED, numRuns: RUNS });

/** fc.assert, with the way to rerun a failure in its message. */
function check<T>(property: fc.IProperty<T>, parameters: fc.Parameters<T> = {}): void {
  try {
    fc.assert(property, parameters);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nrerun: ANCHORING_PROPERTY_SEED=${SEED} (ANCHORING_PROPERTY_RUNS=${RUNS})`, {
      cause: error,
    });
  }
}

// Thesis-like characters, punctuation, Latin letters and astral characters (surrogate pairs).
const characters = fc.constantFrom(
  ...'的一是在了不和有大这主中人上为们地个用工时要动国产以我到他会作来分生对于学下级就年阶义发成部民可出能方进同行面说种过命度革而多子后自社加小机也经力线本电高量长党得实家定深法表着水理化争现所二起政三好十战无农使性前等反体合斗路图把结第里正新开论之物从当两些还天资事队批点育重其思与间内去因件日利相由压员气业代全组数果期导平各基或月毛然如应形想制心样干都向变关问比展那它最及外没看治提五解系林者米群头意只明四道马认次文通但条较克又公孔领军流入接席位情运器并飞原油放立题质指建区验活众很教决特此常石强极土少已根共直团统式转别造切九你取西持总料连任志观调七么山程百报更见必真保热委手改管处己将修支识病象几先老光专什六型具示复安带每东增则完风回南广劳轮科北打积车计给节做务被整联步类集号列温装即毫知轴研单色坚据速防史拉世设达尔场织历花受求传口断况采精金界品判参层止边清至万确究书术状厂须离再目海交权且儿青才证低越际八试规斯近注办布门铁需走议县兵固除般引齿千胜细影济白格效置推空配刀叶率述今选养德话查差半敌始片施响收华觉备名红续均药标记难存测士身紧液派准斤角降维板许破述技消底床田势端感往神便贺村构照容非搞亚磨族火段算适讲按值美态黄易彪服早班麦削信排台声该击素张密害侯草何树肥继右属市严径螺检左页抗苏显苦英快称坏移约巴材省黑武培著河帝仅针怎植京助升王眼她抓含苗副杂普谈围食射源例致酸旧却充足短划剂宣环落首尺波承粉践府鱼随考刻靠够满夫失包住促枝局菌杆周护岩师举曲春元超负砂封换太模贫减阳扬江析亩木言球朝医校古呢稻宋听唯输滑站另卫字鼓刚写刘微略范供阿块某功套友限项余倒卷创律雨让骨远帮初皮播优占死毒圈伟季训控激找叫云互跟裂粮粒母练塞钢顶策双留误础吸阻故寸盾晚丝女散焊功株亲院冷彻弹错散商视艺灭版烈零室轻血倍缺厘泵察绝富城冲喷壤简否柱李望盘磁雄似困巩益洲脱投送奴侧润盖挥距触星松送获兴独官混纪依未突架宽冬章湿偏纹吃执阀矿寨责熟稳夺硬价努翻奇甲预职评读背协损棉侵灰虽矛厚罗泥辟告卵箱掌氧恩爱停曾溶营终纲孟钱待尽俄缩沙退陈讨奋械载胞幼哪剥迫旋征槽倒握担仍呀鲜吧卡粗介钻逐弱脚怕盐末阴丰雾冠丙街莱贝辐肠付吉渗瑞惊顿挤秒悬姆烂森糖圣凹陶词迟蚕亿矩',
  '，',
  '。',
  '、',
  '\n',
  'A',
  'z',
  '𠀀',
  '😀',
);
const text = (minLength: number, maxLength: number) =>
  fc.array(characters, { minLength, maxLength, size: 'max' }).map((chars) => chars.join(''));
const pages = fc.array(text(0, 400), { minLength: 1, maxLength: 5, size: 'max' });

/** A document and a selection [start, end) of 1–60 code units within it. */
const documentWithSelection = pages
  .filter((p) => p.join('').length > 0)
  .chain((p) => {
    const length = p.join('').length;
    return fc.tuple(fc.constant(p), fc.nat(length - 1), fc.integer({ min: 1, max: 60 }));
  })
  .map(([p, start, size]) => {
    const doc = new DocumentText(p);
    return { doc, start: doc.snapStart(start), end: doc.snapEnd(Math.min(doc.length, start + size)) };
  });

/** Where a selection anchors: without the line breaks at its ends, or as it stands when it holds nothing else. */
function expectedRange(doc: DocumentText, start: number, end: number): [number, number] {
  const body = doc.body;
  return body.toBody(end) > body.toBody(start) ? body.toRawRange(body.toBody(start), body.toBody(end)) : [start, end];
}

function textAnchor(doc: DocumentText, selectors: readonly Selector[]): TextAnchor {
  const result = anchor(doc, selectors);
  assert.ok(result?.kind === 'text', 'expected a text anchor');
  return result;
}

function selectorsOfTarget(annotation: Annotation): Selector[] {
  const target = annotation.target as SpecificResource;
  return Array.isArray(target.selector) ? target.selector : [target.selector];
}

interface Edit {
  at: number;
  removed: number;
  inserted: string;
}

/** Applies non-overlapping edits that stay clear of [start, end); returns the text and the quote's new start. */
function editOutside(source: string, start: number, end: number, edits: readonly Edit[]) {
  const kept: Edit[] = [];
  let cursor = 0;
  for (const edit of [...edits].sort((a, b) => a.at - b.at)) {
    const at = Math.min(edit.at, source.length);
    const removed = Math.min(edit.removed, source.length - at);
    const outside = at + removed <= start || at >= end;
    if (at < cursor || !outside || isInsidePair(source, at) || isInsidePair(source, at + removed)) continue;
    kept.push({ at, removed, inserted: edit.inserted });
    cursor = at + removed;
  }
  let out = '';
  let from = 0;
  let newStart = start;
  for (const edit of kept) {
    out += source.slice(from, edit.at) + edit.inserted;
    from = edit.at + edit.removed;
    if (edit.at + edit.removed <= start) newStart += edit.inserted.length - edit.removed;
  }
  return { text: out + source.slice(from), newStart, kept };
}

function isInsidePair(s: string, offset: number): boolean {
  const c = s.charCodeAt(offset);
  return offset > 0 && offset < s.length && c >= 0xdc00 && c <= 0xdfff;
}

/** Splits a text into up to three pages at the given fractions, never inside a surrogate pair. */
function paginate(s: string, cuts: readonly number[]): string[] {
  const offsets = cuts.map((f) => Math.floor(f * s.length)).sort((a, b) => a - b);
  const result: string[] = [];
  let from = 0;
  for (let cut of offsets) {
    if (isInsidePair(s, cut)) cut++;
    cut = Math.max(cut, from);
    result.push(s.slice(from, cut));
    from = cut;
  }
  result.push(s.slice(from));
  return result;
}

const edits = fc.array(fc.record({ at: fc.nat(2000), removed: fc.nat(10), inserted: text(0, 10) }), {
  maxLength: 20,
  size: 'max',
});
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 2 });

describe('anchoring properties', () => {
  it('finds a selection again, in place and unchanged, in the text it was made on', () => {
    check(
      fc.property(documentWithSelection, ({ doc, start, end }) => {
        const result = textAnchor(doc, describeTextRange(doc, start, end));
        assert.equal(result.status, 'found');
        assert.equal(result.confidence, 1);
        // The selection without the line breaks at its ends (they are not part of the body), or as
        // it stands when it holds nothing else.
        const [from, to] = expectedRange(doc, start, end);
        assert.equal(result.start, from);
        assert.equal(result.end, to);
        const drawn = result.parts.map((p) => doc.pages[p.page]?.slice(p.start, p.end)).join('');
        assert.equal(drawn, doc.text.slice(from, to));
      }),
      { numRuns: RUNS },
    );
  });

  it('finds a selection from its quote alone, with no position or page', () => {
    check(
      fc.property(documentWithSelection, ({ doc, start, end }) => {
        const [quote] = describeTextRange(doc, start, end);
        const result = textAnchor(doc, [quote]);
        assert.equal(result.status, 'found');
        assert.equal(result.text, quote.exact);
        const whole = `${quote.prefix}${quote.exact}${quote.suffix}`;
        // Line breaks at the ends of a selection are not part of its quote (see expectedRange).
        if (doc.text.indexOf(whole) === doc.text.lastIndexOf(whole)) {
          assert.equal(result.start, expectedRange(doc, start, end)[0]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never loses a quote to edits outside it: placed on the same text, or offered it as the first candidate', () => {
    check(
      fc.property(documentWithSelection, edits, cuts, ({ doc, start, end }, changes, pageCuts) => {
        // A line break at an end of the quote is read against the character beyond it, which an
        // edit outside the quote may change; such selections are not what this property is about.
        fc.pre(!/^\n|\n$/.test(doc.text.slice(start, end)) && /[^\n]/.test(doc.text.slice(start, end)));
        const selectors = describeTextRange(doc, start, end);
        const edited = editOutside(doc.text, start, end, changes);
        const newDoc = new DocumentText(paginate(edited.text, pageCuts));
        const located = locate(newDoc, selectors);
        const wanted = doc.body.normalize(doc.text.slice(start, end));
        if (located.anchor === null) {
          // Context rewritten: never a guess, but the text is the first place offered.
          assert.equal(located.candidates[0]?.text, wanted);
          return;
        }
        const result = located.anchor as TextAnchor;
        assert.ok(result.status === 'found' || result.status === 'moved');
        assert.equal(result.text, wanted);
        // With the context untouched too, it is `found`, at the place the quote went.
        const [quote] = selectors;
        const body = doc.body;
        const bodyStart = body.toBody(start);
        const bodyEnd = body.toBody(end);
        const contextFrom = body.toRawRange(Math.max(0, bodyStart - (quote.prefix ?? '').length), bodyStart)[0] - 1;
        const contextTo = body.toRawRange(bodyEnd, bodyEnd + (quote.suffix ?? '').length)[1] + 1;
        const contextKept = edited.kept.every((e) => e.at + e.removed < contextFrom || e.at > contextTo);
        const whole = `${quote.prefix}${quote.exact}${quote.suffix}`;
        const newBody = newDoc.body.doc.text;
        if (contextKept && newBody.indexOf(whole) !== -1 && newBody.indexOf(whole) === newBody.lastIndexOf(whole)) {
          assert.equal(result.status, 'found');
          assert.equal(result.start, edited.newStart);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('re-anchors a quote with one character replaced as moved, on the same span, with a confidence', () => {
    check(
      fc.property(documentWithSelection, fc.nat(), characters, ({ doc, start, end }, at, replacement) => {
        const original = doc.text.slice(start, end);
        const offset = doc.snapStart(start + (at % (end - start)));
        const replaced = doc.text.slice(offset, doc.snapEnd(offset + 1));
        // At least 10 characters of quote once line breaks are left out (the body's form); an astral
        // character counts as two units, so replacing one (or by one) is two edits: 20 units then.
        const quoted = doc.body.normalize(original);
        fc.pre(
          [...quoted].length >= 10 && ((replaced.length === 1 && replacement.length === 1) || quoted.length >= 20),
        );
        fc.pre(replacement !== replaced && !/\n/.test(replaced + replacement));
        // Same width (BMP for BMP, astral for astral): a replacement one unit longer or shorter next
        // to a run of one character reads as the span one unit longer or shorter equally well.
        fc.pre(replacement.length === replaced.length);
        const edited = doc.text.slice(0, offset) + replacement + doc.text.slice(offset + replaced.length);
        // Still an exact occurrence elsewhere (a run of one character): not an edited quote.
        fc.pre(!new DocumentText([edited]).body.doc.text.includes(doc.body.normalize(original)));
        const result = textAnchor(new DocumentText([edited]), describeTextRange(doc, start, end));
        assert.equal(result.status, 'moved');
        assert.equal(result.exact, false);
        // The selection without the line breaks at its ends, the replacement inside it.
        const [from, to] = expectedRange(doc, start, end);
        assert.equal(result.start, from);
        assert.equal(result.end, to + replacement.length - replaced.length);
        assert.ok(result.confidence >= 0.9 && result.confidence < 1, `confidence ${result.confidence}`);
        assert.notEqual(result.text, original);
      }),
      { numRuns: RUNS },
    );
  });

  it('anchors a highlight across a page break as one part per page, in page order', () => {
    const twoPages = fc
      .tuple(text(1, 200), text(0, 50), text(1, 200), fc.nat(), fc.nat())
      .map(([first, middle, last, a, b]) => {
        const doc = new DocumentText([first, middle, last]);
        const start = doc.snapStart(a % first.length);
        const end = doc.snapEnd(first.length + middle.length + 1 + (b % last.length));
        return { doc, start, end: Math.min(end, doc.length) };
      });
    check(
      fc.property(twoPages, ({ doc, start, end }) => {
        // Line breaks at the ends are left out of the quote: the rest must still span the pages.
        const [from, to] = expectedRange(doc, start, end);
        fc.pre(to > from && doc.pageAt(from) === 0 && doc.pageAt(to - 1) === 2);
        const result = textAnchor(doc, describeTextRange(doc, start, end));
        assert.ok(result.parts.length >= 2);
        assert.equal(result.parts[0]?.page, 0);
        assert.equal(result.parts.at(-1)?.page, 2);
        const drawn = result.parts.map((p) => doc.pages[p.page]?.slice(p.start, p.end)).join('');
        assert.equal(doc.body.normalize(drawn), result.text);
      }),
      { numRuns: RUNS },
    );
  });

  it('orphans a long quote whose passage was deleted with its context, unless the text survives elsewhere', () => {
    check(
      fc.property(pages, text(16, 40), text(32, 40), text(32, 40), (p, quote, before, after) => {
        const body = p.join('');
        const doc = new DocumentText([body + before + quote + after]);
        const start = body.length + before.length;
        const selectors = describeTextRange(doc, start, start + quote.length);
        fc.pre(!body.includes(quote));
        const result = anchor(new DocumentText([body]), selectors);
        assert.equal(result, null);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps a selection found, with one part per new page, when the same text is paginated anew', () => {
    check(
      fc.property(documentWithSelection, cuts, ({ doc, start, end }, pageCuts) => {
        const repaginated = new DocumentText(paginate(doc.text, pageCuts));
        const result = textAnchor(repaginated, describeTextRange(doc, start, end));
        assert.equal(result.status, 'found');
        const [from, to] = expectedRange(doc, start, end);
        assert.equal(result.start, from);
        assert.equal(
          result.parts.map((p) => repaginated.pages[p.page]?.slice(p.start, p.end)).join(''),
          doc.text.slice(from, to),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('anchors the target of its own JSON-LD export after a JSON round trip', () => {
    check(
      fc.property(documentWithSelection, text(0, 40), ({ doc, start, end }, comment) => {
        const exported = toW3CAnnotation({
          id: 'a',
          source: 'urn:zikao:document:1',
          selectors: describeTextRange(doc, start, end),
          comment,
          category: '语言',
        });
        const parsed = JSON.parse(JSON.stringify(exported)) as Annotation;
        assert.equal(parsed['@context'], 'http://www.w3.org/ns/anno.jsonld');
        const result = textAnchor(doc, selectorsOfTarget(parsed));
        assert.equal(result.status, 'found');
        assert.deepEqual([result.start, result.end], expectedRange(doc, start, end));
      }),
      { numRuns: RUNS },
    );
  });

  it('re-anchors every annotation of an unchanged version as found', () => {
    check(
      fc.property(
        pages.filter((p) => p.join('').length > 60),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        (p, seeds) => {
          const doc = new DocumentText(p);
          const annotations = seeds.map((seed, i) => {
            const start = doc.snapStart(seed % (doc.length - 30));
            return { id: String(i), target: describeTextRange(doc, start, doc.snapEnd(start + 1 + (seed % 29))) };
          });
          const report = reanchor(doc, annotations);
          assert.deepEqual(report.counts, { found: annotations.length, moved: 0, orphaned: 0 });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
