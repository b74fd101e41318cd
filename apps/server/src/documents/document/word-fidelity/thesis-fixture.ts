import { zipArchive } from '../../../shared/zip-writer.ts';

/**
 * Thesis-shaped DOCX files written as Word writes them, for the fidelity tests and the document
 * bench (issue 23): a cover, a TOC, a body section whose header is a `STYLEREF` field and whose
 * footer is the page number, chapters numbered 第一章 with legal-numbered (`w:isLgl`) sections
 * 1.1, 宋体/黑体/Times New Roman runs, 1.5 line spacing on a 15.6 pt document grid, tables,
 * footnotes and references.
 *
 * The page count is known by construction: every chapter starts on a new page and its text is
 * sized with Word's layout of this grid (a 1.5-spaced 小四 line takes 1.5 grid lines, 23.4 pt;
 * 34 CJK characters to a line), leaving each chapter's last page between a third and four fifths
 * full, so a converter that lays lines out like Word lands on the same page count and one that
 * makes lines 10% taller or shorter does not. The count is written to docProps/app.xml as Word does.
 */

export interface ThesisChapter {
  title: string;
  sections: Array<{ title: string; paragraphs: number[] }>;
  /** A three-line table of this many rows after the first section. */
  tableRows?: number;
  /** Footnotes on the chapter's first paragraph. */
  footnotes?: number;
  /** Pages the chapter takes in Word, for the TOC's page numbers. */
  pages?: number;
}

export interface ThesisSpec {
  title: string;
  chapters: ThesisChapter[];
  references: number;
  /** Word's page count for this layout, written to docProps/app.xml. */
  pages: number;
  /** The header's saved (stale) text, as Word left it when the template was last saved. */
  staleHeader?: string;
}

const PAGE = {
  width: 11906,
  height: 16838,
  top: 1440,
  bottom: 1440,
  left: 1800,
  right: 1800,
  header: 851,
  footer: 992,
};
/** Word's 1.5 line spacing on a 312-twip (15.6 pt) grid. */
export const WORD_BODY_LINE_PT = 23.4;
export const WORD_LINES_PER_PAGE = Math.floor((PAGE.height - PAGE.top - PAGE.bottom) / 20 / WORD_BODY_LINE_PT);
export const WORD_CHARS_PER_LINE = Math.floor((PAGE.width - PAGE.left - PAGE.right) / 20 / 12);

const POOL =
  '本文以高等教育自学考试毕业论文评阅为研究对象分析了评阅教师在批注评分与反馈环节中的实际需求并提出可复用的批注锚定方法系统采用前后端分离架构服务端负责文档转换与文字抽取浏览端负责展示与交互实验表明该方法在多个版本之间保持了批注位置的稳定考生可以据此定位修改意见提高论文质量';

function hanzi(count: number, seed: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += POOL[(seed * 7 + i * 13) % POOL.length];
  return text;
}

const esc = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

const songRun = (text: string) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="宋体"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const heiRun = (text: string) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="黑体" w:hint="eastAsia"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const timesRun = (text: string) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman"/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;

function field(instr: string, saved: string, rPr = ''): string {
  return (
    `<w:r>${rPr}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${rPr}<w:instrText xml:space="preserve"> ${esc(instr)} </w:instrText></w:r>` +
    `<w:r>${rPr}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${rPr}<w:t xml:space="preserve">${esc(saved)}</w:t></w:r><w:r>${rPr}<w:fldChar w:fldCharType="end"/></w:r>`
  );
}

const CN_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
export const chineseNumber = (n: number) =>
  n <= 10
    ? (CN_DIGITS[n] as string)
    : n < 20
      ? `十${CN_DIGITS[n - 10]}`
      : `${CN_DIGITS[Math.floor(n / 10)]}十${n % 10 ? CN_DIGITS[n % 10] : ''}`;

function styles(): string {
  const grid = '<w:snapToGrid/>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W_NS}>
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:eastAsia="宋体" w:hAnsi="Times New Roman" w:cs="Times New Roman"/><w:kern w:val="2"/><w:sz w:val="21"/><w:szCs w:val="24"/><w:lang w:val="en-US" w:eastAsia="zh-CN" w:bidi="ar-SA"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="a"><w:name w:val="Normal"/><w:qFormat/><w:pPr><w:widowControl w:val="0"/><w:spacing w:line="360" w:lineRule="auto"/><w:ind w:firstLineChars="200" w:firstLine="480"/><w:jc w:val="both"/></w:pPr><w:rPr><w:sz w:val="24"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/><w:basedOn w:val="a"/><w:next w:val="a"/><w:qFormat/><w:pPr><w:keepNext/><w:pageBreakBefore/><w:numPr><w:numId w:val="1"/></w:numPr><w:spacing w:before="0" w:after="240" w:line="600" w:lineRule="exact"/><w:ind w:firstLineChars="0" w:firstLine="0"/><w:jc w:val="center"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:rFonts w:eastAsia="黑体"/><w:sz w:val="32"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="2"><w:name w:val="heading 2"/><w:basedOn w:val="a"/><w:next w:val="a"/><w:qFormat/><w:pPr><w:keepNext/><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr><w:spacing w:before="120" w:after="120" w:line="480" w:lineRule="exact"/><w:ind w:firstLineChars="0" w:firstLine="0"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:rFonts w:eastAsia="黑体"/><w:sz w:val="28"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="toc1"><w:name w:val="toc 1"/><w:basedOn w:val="a"/><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="8296"/></w:tabs><w:ind w:firstLineChars="0" w:firstLine="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="toc2"><w:name w:val="toc 2"/><w:basedOn w:val="a"/><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="8296"/></w:tabs><w:ind w:leftChars="200" w:left="480" w:firstLineChars="0" w:firstLine="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="header"><w:name w:val="header"/><w:basedOn w:val="a"/><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr><w:spacing w:line="240" w:lineRule="auto"/><w:ind w:firstLineChars="0" w:firstLine="0"/><w:jc w:val="center"/>${grid}</w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="footer"><w:name w:val="footer"/><w:basedOn w:val="a"/><w:pPr><w:spacing w:line="240" w:lineRule="auto"/><w:ind w:firstLineChars="0" w:firstLine="0"/><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="fn"><w:name w:val="footnote text"/><w:basedOn w:val="a"/><w:pPr><w:spacing w:line="240" w:lineRule="exact"/><w:ind w:firstLineChars="0" w:firstLine="0"/></w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:style>
<w:style w:type="character" w:styleId="fnref"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="tbl"><w:name w:val="table text"/><w:basedOn w:val="a"/><w:pPr><w:spacing w:line="240" w:lineRule="auto"/><w:ind w:firstLineChars="0" w:firstLine="0"/><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="21"/></w:rPr></w:style>
<w:style w:type="table" w:default="1" w:styleId="t0"><w:name w:val="Normal Table"/><w:tblPr><w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>
</w:styles>`;
}

function numbering(): string {
  // Level 0 is 第一章 (chineseCounting); level 1 is legal (isLgl): Word shows 1.1, not 一.1.
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${W_NS}>
<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="multilevel"/>
<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="chineseCounting"/><w:pStyle w:val="1"/><w:suff w:val="space"/><w:lvlText w:val="第%1章"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="2"/><w:isLgl/><w:suff w:val="space"/><w:lvlText w:val="%1.%2"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>
<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:isLgl/><w:suff w:val="space"/><w:lvlText w:val="%1.%2.%3"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="[%1]"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="480" w:hanging="480"/></w:pPr></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`;
}

function footnotesPart(count: number): { xml: string } {
  let notes =
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>' +
    '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>';
  for (let id = 1; id <= count; id++) {
    notes += `<w:footnote w:id="${id}"><w:p><w:pPr><w:pStyle w:val="fn"/></w:pPr><w:r><w:rPr><w:rStyle w:val="fnref"/></w:rPr><w:footnoteRef/></w:r>${songRun(` 脚注${id}：${hanzi(20, id + 50)}。`)}</w:p></w:footnote>`;
  }
  return { xml: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes ${W_NS}>${notes}</w:footnotes>` };
}

function bodyParagraph(chars: number, seed: number, extra = ''): string {
  // A Times New Roman run of Latin text and a 黑体 term inside 宋体 text, as theses mix them.
  const latin = seed % 3 === 0 ? timesRun(' Word ') : '';
  const term = seed % 4 === 1 ? heiRun('关键术语') : '';
  const used = (latin ? 3 : 0) + (term ? 4 : 0);
  return `<w:p>${songRun(hanzi(Math.max(1, chars - used - 1), seed))}${latin}${term}${extra}${songRun('。')}</w:p>`;
}

function table(rows: number, seed: number): string {
  const border = (edge: string, size: number) =>
    `<w:${edge} w:val="single" w:sz="${size}" w:space="0" w:color="auto"/>`;
  const cell = (text: string, width: number) =>
    `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:pStyle w:val="tbl"/></w:pPr>${songRun(text)}</w:p></w:tc>`;
  let xml = `<w:p><w:pPr><w:ind w:firstLineChars="0" w:firstLine="0"/><w:jc w:val="center"/></w:pPr>${heiRun('表 1 实验数据')}</w:p>`;
  xml += `<w:tbl><w:tblPr><w:tblW w:w="8306" w:type="dxa"/><w:jc w:val="center"/><w:tblBorders>${border('top', 12)}${border('bottom', 12)}</w:tblBorders><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="2768"/><w:gridCol w:w="2769"/><w:gridCol w:w="2769"/></w:tblGrid>`;
  for (let row = 0; row < rows; row++) {
    xml += `<w:tr><w:trPr><w:trHeight w:val="454" w:hRule="exact"/></w:trPr>${cell(row === 0 ? '项目' : hanzi(4, seed + row), 2768)}${cell(row === 0 ? '数值' : `${row * 17}.${row}`, 2769)}${cell(row === 0 ? '说明' : hanzi(6, seed + row * 3), 2769)}</w:tr>`;
  }
  return `${xml}</w:tbl>`;
}

function sectPr(opts: { header?: boolean; restart?: boolean; last?: boolean }): string {
  const refs = opts.header
    ? '<w:headerReference w:type="default" r:id="rIdHeader"/><w:footerReference w:type="default" r:id="rIdFooter"/>'
    : '';
  const pg = opts.restart ? '<w:pgNumType w:start="1"/>' : '';
  return `<w:sectPr>${refs}<w:type w:val="nextPage"/><w:pgSz w:w="${PAGE.width}" w:h="${PAGE.height}"/><w:pgMar w:top="${PAGE.top}" w:right="${PAGE.right}" w:bottom="${PAGE.bottom}" w:left="${PAGE.left}" w:header="${PAGE.header}" w:footer="${PAGE.footer}" w:gutter="0"/>${pg}<w:cols w:space="425"/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr>`;
}

/** Word's page count of a thesis built from `chapterOfPages` chapters: cover, TOC, chapters, one page of references. */
export function wordPageCount(chapters: ThesisChapter[]): number {
  return 2 + chapters.reduce((sum, chapter) => sum + (chapter.pages ?? 1), 0) + 1;
}

/** Builds the DOCX of a spec. */
export function thesisFixtureDocx(spec: ThesisSpec): Buffer {
  let seed = 1;
  let footnoteId = 0;
  // Cover.
  let body =
    '<w:p><w:pPr><w:spacing w:before="2400" w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:rFonts w:eastAsia="黑体"/><w:sz w:val="52"/></w:rPr><w:t>本科毕业设计（论文）</w:t></w:r></w:p>';
  body += `<w:p><w:pPr><w:spacing w:before="1200" w:line="240" w:lineRule="auto"/><w:ind w:firstLine="0"/><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:rFonts w:eastAsia="黑体"/><w:sz w:val="36"/></w:rPr><w:t>${esc(spec.title)}</w:t></w:r></w:p>`;
  for (const line of ['学　　院：信息工程学院', '专　　业：计算机科学与技术', '学生姓名：张　三', '指导教师：李　四']) {
    body += `<w:p><w:pPr><w:spacing w:before="240"/><w:ind w:firstLine="0"/><w:jc w:val="center"/></w:pPr>${songRun(line)}</w:p>`;
  }
  body += `<w:p><w:pPr>${sectPr({})}</w:pPr></w:p>`;
  // TOC, with the text Word last computed (legal numbers included).
  body += `<w:p><w:pPr><w:ind w:firstLine="0"/><w:jc w:val="center"/></w:pPr>${heiRun('目　　录')}</w:p>`;
  let tocPage = 1;
  const tocLines: string[] = [];
  spec.chapters.forEach((chapter, c) => {
    tocLines.push(
      `<w:p><w:pPr><w:pStyle w:val="toc1"/></w:pPr>${songRun(`第${chineseNumber(c + 1)}章 ${chapter.title}`)}<w:r><w:tab/></w:r>${timesRun(String(tocPage))}</w:p>`,
    );
    chapter.sections.forEach((section, s) => {
      tocLines.push(
        `<w:p><w:pPr><w:pStyle w:val="toc2"/></w:pPr>${songRun(`${c + 1}.${s + 1} ${section.title}`)}<w:r><w:tab/></w:r>${timesRun(String(tocPage))}</w:p>`,
      );
    });
    tocPage += chapter.pages ?? 1;
  });
  tocLines.push(
    `<w:p><w:pPr><w:pStyle w:val="toc1"/></w:pPr>${songRun('参考文献')}<w:r><w:tab/></w:r>${timesRun(String(tocPage))}</w:p>`,
  );
  const first = tocLines[0] as string;
  tocLines[0] = first.replace(
    '</w:pPr>',
    `</w:pPr><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>`,
  );
  const lastLine = tocLines.at(-1) as string;
  tocLines[tocLines.length - 1] = lastLine.replace(/<\/w:p>$/, '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>');
  body += tocLines.join('');
  body += `<w:p><w:pPr>${sectPr({})}</w:pPr></w:p>`;
  // Chapters.
  spec.chapters.forEach((chapter) => {
    body += `<w:p><w:pPr><w:pStyle w:val="1"/></w:pPr><w:r><w:t>${esc(chapter.title)}</w:t></w:r></w:p>`;
    chapter.sections.forEach((section, s) => {
      body += `<w:p><w:pPr><w:pStyle w:val="2"/></w:pPr><w:r><w:t>${esc(section.title)}</w:t></w:r></w:p>`;
      section.paragraphs.forEach((chars, p) => {
        let notes = '';
        if (s === 0 && p === 0) {
          for (let n = 0; n < (chapter.footnotes ?? 0); n++) {
            footnoteId += 1;
            notes += `<w:r><w:rPr><w:rStyle w:val="fnref"/></w:rPr><w:footnoteReference w:id="${footnoteId}"/></w:r>`;
          }
        }
        body += bodyParagraph(chars, seed++, notes);
      });
      if (s === 0 && chapter.tableRows) body += table(chapter.tableRows, seed++);
    });
  });
  // References: an unnumbered heading 1 and a [n] list.
  body += `<w:p><w:pPr><w:pStyle w:val="1"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr></w:pPr><w:r><w:t>参考文献</w:t></w:r></w:p>`;
  for (let n = 1; n <= spec.references; n++) {
    body += `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr><w:ind w:left="480" w:hanging="480" w:firstLineChars="0"/></w:pPr>${timesRun(`Zhang S, Li S. Anchoring annotations across versions of a thesis ${n}[J]. Journal of Distance Education, 20${10 + (n % 14)}, ${n}(2): ${n * 7}-${n * 7 + 9}.`)}</w:p>`;
  }
  body += sectPr({ header: true, restart: true, last: true });

  const header = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${W_NS}><w:p><w:pPr><w:pStyle w:val="header"/></w:pPr>${field('STYLEREF  "标题 1" \\n', spec.staleHeader?.split(' ')[0] ?? '第二章')}<w:r><w:t xml:space="preserve"> </w:t></w:r>${field('STYLEREF  "标题 1"', spec.staleHeader?.split(' ')[1] ?? '正文文字格式')}</w:p></w:hdr>`;
  const footer = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:ftr ${W_NS}><w:p><w:pPr><w:pStyle w:val="footer"/></w:pPr>${field('PAGE', '1')}</w:p></w:ftr>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NS}><w:body>${body}</w:body></w:document>`;
  const settings = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${W_NS}><w:defaultTabStop w:val="420"/><w:drawingGridVerticalSpacing w:val="156"/><w:displayHorizontalDrawingGridEvery w:val="0"/><w:characterSpacingControl w:val="compressPunctuation"/><w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr><w:compat><w:spaceForUL/><w:balanceSingleByteDoubleByteWidth/><w:doNotLeaveBackslashAlone/><w:ulTrailSpace/><w:doNotExpandShiftReturn/><w:adjustLineHeightInTable/><w:useFELayout/><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`;
  const app = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Template>Normal.dotm</Template><Pages>${spec.pages}</Pages><Application>Microsoft Office Word</Application></Properties>`;
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(spec.title)}</dc:title><dc:creator>张三</dc:creator></cp:coreProperties>`;
  const ct = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`;
  const files: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${ct('/word/document.xml', 'wordprocessingml.document.main+xml')}${ct('/word/styles.xml', 'wordprocessingml.styles+xml')}${ct('/word/numbering.xml', 'wordprocessingml.numbering+xml')}${ct('/word/settings.xml', 'wordprocessingml.settings+xml')}${ct('/word/footnotes.xml', 'wordprocessingml.footnotes+xml')}${ct('/word/header1.xml', 'wordprocessingml.header+xml')}${ct('/word/footer1.xml', 'wordprocessingml.footer+xml')}${ct('/docProps/app.xml', 'extended-properties+xml')}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/><Relationship Id="rIdSettings" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/><Relationship Id="rIdFootnotes" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/><Relationship Id="rIdHeader" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/><Relationship Id="rIdFooter" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>`,
    'word/document.xml': document,
    'word/styles.xml': styles(),
    'word/numbering.xml': numbering(),
    'word/settings.xml': settings,
    'word/footnotes.xml': footnotesPart(footnoteId).xml,
    'word/header1.xml': header,
    'word/footer1.xml': footer,
    'docProps/app.xml': app,
    'docProps/core.xml': core,
  };
  return zipArchive(
    Object.entries(files).map(([name, content]) => ({ name, data: Buffer.from(content), deflate: true })),
  );
}

/**
 * A chapter whose body fills `pages` pages of Word's layout, its last page `lastFill` full
 * (0..1): headings and the table are counted in body lines of 23.4 pt.
 */
export function chapterOfPages(
  title: string,
  pages: number,
  lastFill: number,
  opts: { table?: boolean; footnotes?: number } = {},
): ThesisChapter {
  // Heading 1: 30 pt + 12 pt after; heading 2: 24 pt + 12 pt around; table: caption + rows of 22.7 pt.
  const h1Lines = 42 / WORD_BODY_LINE_PT;
  const h2Lines = 36 / WORD_BODY_LINE_PT;
  const tableRows = opts.table ? 6 : 0;
  const tableLines = opts.table ? (WORD_BODY_LINE_PT + tableRows * 22.7) / WORD_BODY_LINE_PT : 0;
  const footnoteLines = opts.footnotes ? (opts.footnotes * 12 + 14) / WORD_BODY_LINE_PT : 0;
  const sectionsCount = 3;
  let lines =
    (pages - 1 + lastFill) * WORD_LINES_PER_PAGE - h1Lines - sectionsCount * h2Lines - tableLines - footnoteLines;
  const sections: ThesisChapter['sections'] = [];
  const titles = ['研究背景', '国内外研究现状', '本文的主要工作', '需求分析', '系统设计', '实验与分析'];
  for (let s = 0; s < sectionsCount; s++) {
    const paragraphs: number[] = [];
    const share = Math.floor(lines / (sectionsCount - s));
    let left = share;
    while (left > 0) {
      const paraLines = Math.min(left, 5);
      // Lines × 34 characters, less the two-character indent and a little so the last line is not full.
      paragraphs.push(paraLines * WORD_CHARS_PER_LINE - 2 - 6);
      left -= paraLines;
    }
    lines -= share;
    sections.push({ title: titles[(s + title.length) % titles.length] as string, paragraphs });
  }
  return { title, sections, tableRows: tableRows || undefined, footnotes: opts.footnotes, pages };
}

/** Theses of the fidelity test and the document bench, by name. */
export function thesisFixtures(): Array<{ name: string; spec: ThesisSpec }> {
  const make = (name: string, title: string, chapters: ThesisChapter[]) => ({
    name,
    spec: { title, chapters, references: 12, pages: wordPageCount(chapters), staleHeader: '第二章 正文文字格式' },
  });
  return [
    make('undergraduate-14p', '自学考试论文评阅系统的设计与实现', [
      chapterOfPages('绪论', 2, 0.6, { footnotes: 2 }),
      chapterOfPages('相关技术', 3, 0.5, { table: true }),
      chapterOfPages('系统设计', 3, 0.65, { footnotes: 1 }),
      chapterOfPages('实验与分析', 2, 0.55, { table: true }),
      chapterOfPages('总结与展望', 1, 0.7),
    ]),
    // Each chapter's last page 85% full: lines 10% taller than Word's spill onto a new page.
    make('tight-26p', '基于批注锚定的论文多版本评阅方法研究', [
      chapterOfPages('绪论', 3, 0.85, { footnotes: 3 }),
      chapterOfPages('相关理论与技术', 4, 0.85, { table: true }),
      chapterOfPages('需求分析', 3, 0.85),
      chapterOfPages('系统设计', 5, 0.85, { table: true, footnotes: 2 }),
      chapterOfPages('系统实现', 4, 0.85),
      chapterOfPages('测试与分析', 3, 0.85, { table: true }),
      chapterOfPages('总结与展望', 1, 0.85),
    ]),
    make('short-chapters-11p', '高等教育自学考试毕业论文管理研究', [
      chapterOfPages('引言', 1, 0.4),
      chapterOfPages('文献综述', 2, 0.35, { footnotes: 2 }),
      chapterOfPages('研究方法', 1, 0.45, { table: true }),
      chapterOfPages('研究结果', 2, 0.4, { table: true }),
      chapterOfPages('讨论', 1, 0.3),
      chapterOfPages('结论', 1, 0.35),
    ]),
  ];
}
