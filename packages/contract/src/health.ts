/** Paths of the operations calls (issue 17 §4, adr/015), relative to the API base. */
export const HealthApiPath = {
  /** Liveness: the process answers. Never touches the database. */
  health: '/v1/health',
  /** Readiness: the database, Redis (when configured) and the file storage answer. */
  ready: '/v1/ready',
} as const;

export interface HealthInfo {
  status: 'ok';
  /** Seconds since the process started. */
  uptimeS: number;
}

/** What one dependency answered: `up`, `down` (with the reason), or `off` (Redis not configured). */
export interface DependencyCheck {
  status: 'up' | 'down' | 'off';
  ms: number;
  error?: string;
}

export interface ReadyInfo {
  status: 'ready' | 'not-ready';
  checks: { database: DependencyCheck; redis: DependencyCheck; storage: DependencyCheck };
}
