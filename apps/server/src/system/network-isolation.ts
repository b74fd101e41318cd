import { spawnSync } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { findExecutable } from './converter.ts';

/**
 * How LibreOffice is kept off the network while it converts (adr/027): in a network namespace of
 * its own, which has no interface but a loopback that is down, so a document's linked picture
 * reaches nothing, not even this machine's 127.0.0.1; or, where the system does not allow one,
 * not at all (the other protections of adr/027 still apply).
 */
export type NetworkIsolation =
  | {
      kind: 'namespace';
      /** The command and arguments soffice's command line follows. */
      prefix: readonly string[];
    }
  | { kind: 'none'; reason: string };

/**
 * unshare's ways to a network namespace, in order: as root (or with CAP_SYS_ADMIN) directly; as
 * any other user inside a user namespace of its own, mapped to itself (util-linux 2.38 and later)
 * or to root (older ones).
 */
const UNSHARE_FLAGS: readonly string[][] = [['--net'], ['--map-current-user', '--net'], ['--map-root-user', '--net']];

const detected = new Map<string, NetworkIsolation>();

/**
 * Finds, once per process, whether soffice can run in a network namespace of its own here: tries
 * each way with `true` and keeps the first that works.
 */
export function networkIsolation(pathEnv: string | undefined): NetworkIsolation {
  const key = pathEnv ?? '';
  const known = detected.get(key);
  if (known) return known;
  const isolation = detect(pathEnv);
  detected.set(key, isolation);
  return isolation;
}

function detect(pathEnv: string | undefined): NetworkIsolation {
  const unshare = findExecutable(pathEnv, ['unshare']);
  if (!unshare) return { kind: 'none', reason: 'unshare (util-linux) is not on PATH' };
  const probe = findExecutable(pathEnv, ['true']) ?? '/bin/true';
  let reason = '';
  for (const flags of UNSHARE_FLAGS) {
    const result = spawnSync(unshare, [...flags, '--', probe], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 10_000,
    });
    if (result.status === 0) return { kind: 'namespace', prefix: [unshare, ...flags, '--'] };
    reason = result.stderr?.toString().trim() || result.error?.message || `exit ${result.status}`;
  }
  return { kind: 'none', reason };
}

/** The start-up line that says which protection conversions have here. */
export function logNetworkIsolation(logger: FastifyBaseLogger, isolation: NetworkIsolation): void {
  if (isolation.kind === 'namespace') {
    logger.info(
      { conversionIsolation: 'network-namespace', command: isolation.prefix.join(' ') },
      'conversion isolation: LibreOffice runs without network, in a network namespace of its own; external links are also removed from DOCX/PPTX and linked pictures blocked in its profile (adr/027)',
    );
    return;
  }
  logger.warn(
    { conversionIsolation: 'none', reason: isolation.reason },
    'conversion isolation: no network namespace here, LibreOffice keeps the network; external links are still removed from DOCX/PPTX and linked pictures blocked in its profile, but a DOC or PPT may still send requests (adr/027)',
  );
}
