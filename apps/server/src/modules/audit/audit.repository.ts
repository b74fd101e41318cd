import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number;
  fromStatus?: string | null;
  toStatus?: string | null;
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
}
