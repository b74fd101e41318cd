import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer (issue 19 §6): no MIME sniffing, and the referrer reduced to the origin
 * across sites (review links carry their token in the path).
 */
export function registerSecurityHeaders(server: FastifyInstance): void {
  server.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    done(null, payload);
  });
}

/** The sha256 source of each inline script of the page, so that CSP allows them and nothing else inline. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The app page's Content-Security-Policy: its own scripts and the page's inline ones by hash; the
 * pdf.js worker and downloads from blob: URLs; data: and blob: images; antd's inline styles; calls
 * and the board's WebSocket to this server (and to the embedding hosts, whose gateway may be the
 * API base); embedding only by `frameAncestors` (FRAME_ANCESTORS).
 */
export function appContentSecurityPolicy(html: string, frameAncestors: readonly string[]): string {
  const hosts = frameAncestors.join(' ');
  const with_ = (...sources: string[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${with_("'self'", ...inlineScriptHashes(html))}`,
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${with_("'self'", 'ws:', 'wss:', hosts)}`,
    // Live courses play the streaming and playback addresses an admin configured, wherever they are.
    "media-src 'self' blob: https: http:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${with_("'self'", hosts)}`,
  ].join('; ');
}

/** The page's CSP, worked out again only when index.html changes (a rebuild under a running server). */
export function appPolicyReader(indexPath: string, frameAncestors: readonly string[]): () => Promise<string> {
  let kept: { mtimeMs: number; size: number; policy: string } | null = null;
  return async () => {
    const info = await stat(indexPath);
    if (kept && kept.mtimeMs === info.mtimeMs && kept.size === info.size) return kept.policy;
    const policy = appContentSecurityPolicy(await readFile(indexPath, 'utf8'), frameAncestors);
    kept = { mtimeMs: info.mtimeMs, size: info.size, policy };
    return policy;
  };
}
