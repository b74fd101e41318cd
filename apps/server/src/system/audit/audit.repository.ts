import type { AuditListQuery, AuditStatus } from '@zikao/contract/audit';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** `%keyword%` with the keyword's own % _ and \ taken literally (`escape '\'` in both dialects). */
const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const likeLower = (column: Expression<string | null>, pattern: string) =>
  sql<SqlBool>`lower(coalesce(${column}, '')) like ${pattern} escape '\\'`;

type Filters = Omit<AuditListQuery, 'page' | 'pageSize' | 'export'>;

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number;
  fromStatus?: AuditStatus | null;
  toStatus?: AuditStatus | null;
  reason?: string;
  detail?: Record<string, unknown>;
}

/** The audit trail: who changed what, when. Written in the same transaction as the change. */
export class AuditRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async record(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const now = Date.now();
    await this.db
      .insertInto('audit_log')
      .values(
        entries.map((entry) => ({
          actor_id: entry.actorId,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          from_status: entry.fromStatus ?? null,
          to_status: entry.toStatus ?? null,
          reason: entry.reason ?? '',
          detail_json: JSON.stringify(entry.detail ?? {}),
          created_at: now,
        })),
      )
      .execute();
  }

  /** An entity's trail, oldest first, with the actors' names. */
  trail(entity: string, entityId: number) {
    return this.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.action',
        'audit_log.from_status',
        'audit_log.to_status',
        'audit_log.reason',
        'audit_log.detail_json',
        'audit_log.actor_id',
        'audit_log.created_at',
        'users.name as actor_name',
      ])
      .where('audit_log.entity', '=', entity)
      .where('audit_log.entity_id', '=', entityId)
      .orderBy('audit_log.id')
      .execute();
  }

  /** The trail for the console's view, newest first, with actor names and thesis titles. */
  list(filters: Filters, limit: number, offset: number) {
    return this.joined()
      .where((eb) => this.filter(eb, filters))
      .select([
        'audit_log.id',
        'audit_log.actor_id',
        'audit_log.action',
        'audit_log.entity',
        'audit_log.entity_id',
        'audit_log.from_status',
        'audit_log.to_status',
        'audit_log.reason',
        'audit_log.detail_json',
        'audit_log.created_at',
        'actor.name as actor_name',
        't.title as subject_title',
      ])
      .orderBy('audit_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filters: Filters): Promise<number> {
    const row = await this.joined()
      .where((eb) => this.filter(eb, filters))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Who appears as an actor, and which actions and entities the trail holds. */
  async options() {
    const [actors, actions, entities] = await Promise.all([
      this.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', (eb) =>
          eb.selectFrom('audit_log').select('actor_id').distinct().where('actor_id', 'is not', null),
        )
        .orderBy('id')
        .execute(),
      this.db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
      this.db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
    ]);
    return { actors, actions: actions.map((r) => r.action), entities: entities.map((r) => r.entity) };
  }

  private joined() {
    return this.db
      .selectFrom('audit_log')
      .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
      .leftJoin('submissions as s', (join) =>
        join.onRef('s.id', '=', 'audit_log.entity_id').on('audit_log.entity', '=', 'submission'),
      )
      .leftJoin('theses as t', 't.id', 's.thesis_id');
  }

  private filter(
    eb: ExpressionBuilder<
      Database & { actor: Database['users']; s: Database['submissions']; t: Database['theses'] },
      'audit_log' | 'actor' | 's' | 't'
    >,
    filters: Filters,
  ): Expression<SqlBool> {
    const conditions: Array<Expression<SqlBool>> = [];
    if (filters.actorId) conditions.push(eb('audit_log.actor_id', '=', filters.actorId));
    if (filters.action) conditions.push(eb('audit_log.action', '=', filters.action));
    if (filters.entity) conditions.push(eb('audit_log.entity', '=', filters.entity));
    if (filters.from !== undefined) conditions.push(eb('audit_log.created_at', '>=', filters.from));
    if (filters.to !== undefined) conditions.push(eb('audit_log.created_at', '<=', filters.to));
    const keyword = filters.keyword?.trim();
    if (keyword) {
      const pattern = likePattern(keyword);
      conditions.push(
        eb.or([
          likeLower(eb.ref('t.title'), pattern),
          likeLower(eb.ref('audit_log.reason'), pattern),
          likeLower(eb.ref('audit_log.detail_json'), pattern),
          likeLower(eb.ref('actor.name'), pattern),
        ]),
      );
    }
    return eb.and(conditions);
  }
}
