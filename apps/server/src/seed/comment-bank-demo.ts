import type { AnnotationCategory } from '@zikao/contract/annotation';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DEMO_ACCOUNTS } from './demo-data.ts';

/** Shared entries (offered by the admins to every reviewer) and the demo reviewer's own, most used first. */
const SHARED: Array<[AnnotationCategory, string, number]> = [
  ['content', '论证缺少数据或文献支撑，请补充。', 42],
  ['structure', '本节与上一节内容重复，建议合并或删减。', 31],
  ['language', '语句不通顺，请重新组织表达。', 28],
  ['format', '图表缺少编号和标题，请按学校格式规范补充。', 25],
  ['citation', '引文未标注出处，请按 GB/T 7714 补充参考文献。', 23],
  ['content', '结论与前文分析不一致，请核对。', 17],
  ['format', '标题层级编号不统一，请按“1 / 1.1 / 1.1.1”统一。', 12],
  ['other', '此处表述口语化，建议改为书面语。', 9],
];

const PERSONAL: Array<[AnnotationCategory, string, number]> = [
  ['content', '研究方法的选择理由需要说明。', 14],
  ['citation', '近五年的文献偏少，建议补充近期研究。', 8],
  ['structure', '摘要应概括研究目的、方法、结果和结论。', 6],
];

/** Fills the comment bank of the demo, so that the form's 常用批注语 and Alt + 1–9 have entries to offer. */
export async function seedCommentBankDemo(db: Kysely<Database>): Promise<void> {
  const reviewer = DEMO_ACCOUNTS.find((account) => account.name === '陈评阅');
  const owner = reviewer
    ? await db.selectFrom('users').select('id').where('account', '=', reviewer.account).executeTakeFirst()
    : undefined;
  const now = Date.now();
  const rows = [
    ...SHARED.map(([category, text, uses]) => ({ owner_id: null, category, text, use_count: uses })),
    ...(owner
      ? PERSONAL.map(([category, text, uses]) => ({ owner_id: owner.id, category, text, use_count: uses }))
      : []),
  ].map((row) => ({ ...row, created_at: now, updated_at: now }));
  await db.insertInto('comment_bank').values(rows).execute();
}
