/**
 * The boundary check of `npm run lint` (adr/010). It reads every import in the server and web
 * sources and refuses:
 * - on the server, an import of another area's repository (a cross-area call goes through the
 *   other area's service), an import cycle between two areas, and an area imported by the
 *   foundation (`shared/`, `db/`) that every area builds on;
 * - on the web, an import from one feature into another (features compose only in `app/`), and
 *   an import of a feature from `shared/`.
 *
 * `--report` also prints the module graph's two-way pairs, for the record.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(root, 'apps/server/src');
const WEB = path.join(root, 'apps/web/src');

/** Server areas: each a folder under src/ whose subfolders are its modules. */
const SERVER_AREAS = ['access', 'identity', 'documents', 'workflow', 'admin', 'system', 'teaching'] as const;

interface ImportEdge {
  from: string;
  to: string;
  line: number;
  typeOnly: boolean;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[3] ?? match[4];
    if (!spec) continue;
    const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0);
    edges.push({ from: file, to: path.resolve(path.dirname(file), spec), line, typeOnly: Boolean(match[2]) });
  }
  return edges;
}

const rel = (file: string) => path.relative(root, file);

/** `workflow/review` for a server file, or null outside the areas (shared/, db/, seed/, test/). */
function serverModule(file: string): { area: string; module: string } | null {
  const parts = path.relative(SERVER, file).split(path.sep);
  const area = parts[0] ?? '';
  if (!(SERVER_AREAS as readonly string[]).includes(area)) return null;
  const module = parts.length > 2 ? `${area}/${parts[1]}` : area;
  return { area, module };
}

function webFeature(file: string): string | null {
  const parts = path.relative(WEB, file).split(path.sep);
  return parts[0] === 'features' && parts.length > 2 ? (parts[1] ?? null) : null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

export interface BoundaryReport {
  errors: string[];
  twoWayModulePairs: string[];
  areaCycles: string[];
}

export function checkBoundaries(): BoundaryReport {
  const errors: string[] = [];
  const moduleEdges = new Set<string>();
  const areaEdges = new Map<string, string>();

  for (const file of walk(SERVER)) {
    const from = serverModule(file);
    const foundation = /^(shared|db)\//.test(path.relative(SERVER, file).split(path.sep).join('/'));
    for (const edge of importsOf(file)) {
      const to = serverModule(edge.to);
      if (foundation && to) {
        errors.push(
          `${rel(file)}:${edge.line}: the server's ${path.relative(SERVER, file).split(path.sep)[0]}/ imports the ${to.area} area`,
        );
        continue;
      }
      if (!from || !to || from.module === to.module) continue;
      if (!isTest(file)) moduleEdges.add(`${from.module}→${to.module}`);
      if (from.area === to.area) continue;
      if (/\.repository\.ts$/.test(edge.to)) {
        errors.push(
          `${rel(file)}:${edge.line}: imports ${rel(edge.to)}, another area's repository; call that area's service`,
        );
      }
      if (!isTest(file) && !edge.typeOnly) areaEdges.set(`${from.area}→${to.area}`, `${rel(file)}:${edge.line}`);
    }
  }

  for (const file of walk(WEB)) {
    const feature = webFeature(file);
    const inShared = path.relative(WEB, file).startsWith(`shared${path.sep}`);
    for (const edge of importsOf(file)) {
      const target = webFeature(edge.to);
      if (!target) continue;
      if (feature && target !== feature) {
        errors.push(
          `${rel(file)}:${edge.line}: imports feature "${target}" from feature "${feature}"; compose in app/`,
        );
      } else if (inShared) {
        errors.push(`${rel(file)}:${edge.line}: shared/ imports feature "${target}"`);
      }
    }
  }

  const twoWayModulePairs = [...moduleEdges]
    .map((edge) => edge.split('→') as [string, string])
    .filter(([a, b]) => a < b && moduleEdges.has(`${b}→${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`);

  const areaCycles: string[] = [];
  for (const [edge, where] of areaEdges) {
    const [a, b] = edge.split('→') as [string, string];
    const back = areaEdges.get(`${b}→${a}`);
    if (a < b && back) {
      areaCycles.push(`${a} ↔ ${b}`);
      errors.push(`areas ${a} and ${b} import each other: ${where} and ${back}`);
    }
  }
  return { errors, twoWayModulePairs, areaCycles };
}

if (import.meta.main) {
  const report = checkBoundaries();
  if (process.argv.includes('--report')) {
    console.log(`two-way module pairs: ${report.twoWayModulePairs.length}`);
    for (const pair of report.twoWayModulePairs) console.log(`  ${pair}`);
  }
  for (const error of report.errors) console.error(error);
  if (report.errors.length > 0) {
    console.error(`boundaries: ${report.errors.length} violation(s)`);
    process.exit(1);
  }
  console.log('boundaries: ok');
}
