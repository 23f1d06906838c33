/**
 * Summarises a V8 CPU profile (`.cpuprofile`, as written by `node --cpu-prof`) of the service: self
 * time split by who runs it, and the functions that take most of it.
 *
 * Categories (self time, by sample count):
 * - `framework`: Next.js and React (node_modules/next, including the React and server runtimes Next
 *   ships compiled inside it, node_modules/react, node_modules/react-dom, @next/*) and the bundler's
 *   own runtime inside the build ([turbopack]);
 * - `application`: the project's own code (lib/, app/, db/, scripts/, ...), whether loaded from source
 *   or from the build's server chunks;
 * - `driver`: PostgreSQL access, node_modules/pg* and the pg-types parsers (postgres-*), and
 *   drizzle-orm;
 * - `node`: Node and V8 themselves, `node:` internals, builtins without a script, `(program)` and
 *   `(garbage collector)`;
 * - `other`: any other package (zod, jose, prom-client, tsx, ...);
 * - `unmapped`: code in the build's server chunks whose source map is missing or has no entry there.
 * `(idle)` is left out of the shares and reported on its own, as a share of all samples.
 * `shares_by_caller` gives the `node` time spent under another category's function (a socket write
 * for pg, JSON.parse for the route, stream plumbing for Next) to the nearest such caller on its stack;
 * what stays `node` there ran with no other code above it (GC, `(program)`, event loop callbacks).
 *
 * The build bundles the application and most packages (drizzle-orm, zod, jose, next-auth, ...) into
 * `.next/server/chunks/*.js`; those files say nothing about where a function came from. The chunks'
 * source maps (`<chunk>.js.map`) do: a function is placed by the original source of its first
 * position. drizzle-orm's own maps name its sources `../src/...`, one folder above the package, so
 * they come out as `node_modules/src/...`; no other package in the build does that, and those are
 * counted as drizzle-orm. pg, pg-pool and pg-protocol are never bundled (serverExternalPackages)
 * and Next's runtime loads from node_modules, so neither needs a map.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
  scriptId?: string;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds on the monotonic clock (`process.hrtime`). */
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export const CATEGORIES = ['framework', 'application', 'driver', 'node', 'other', 'unmapped'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Where a function's code comes from: a path (project-relative when inside the project), a `node:` module, or ''. */
export interface Origin {
  file: string;
  /** 1-based, or 0 when unknown. */
  line: number;
}

/** Maps a frame of bundled code to its original source; undefined when the frame is not bundled or has no mapping. */
export type Resolve = (frame: CallFrame) => Origin | undefined;

export interface ProfileFunction {
  function: string;
  file: string;
  line: number;
  category: Category;
  percent: number;
}

export interface ProfileSummary {
  /** Samples counted (inside the window when one was given). */
  samples: number;
  /** Wall time the counted samples cover, in milliseconds. */
  sampled_ms: number;
  /** `(idle)` samples as a percentage of all counted samples. */
  idle: number;
  /** Self time by category, percent of the non-idle samples (1 decimal). */
  shares: Record<Category, number>;
  /** The same with `node` time counted for the nearest caller of another category. */
  shares_by_caller: Record<Category, number>;
  /** The functions with the most self time, percent of the non-idle samples. */
  top: ProfileFunction[];
  /** Whether a window was asked for and samples were found in it. */
  window: 'phase' | 'whole profile';
}

const FRAMEWORK_PACKAGES = new Set(['next', 'react', 'react-dom']);

/** The package a node_modules path belongs to (scoped packages with their scope), or undefined. */
function packageOf(file: string): string | undefined {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const parts = file.slice(at + 'node_modules/'.length).split('/');
  const first = decodeURIComponent(parts[0] ?? '');
  return first.startsWith('@') ? `${first}/${decodeURIComponent(parts[1] ?? '')}` : first;
}

/** The category of code at `file` (an Origin's file) running a function named `functionName`. */
export function categoryOf(file: string, functionName = ''): Category | 'idle' {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)' || functionName === '(garbage collector)' || functionName === '(root)') return 'node';
  if (file === '' || file.startsWith('node:')) return 'node';
  if (file.startsWith('[turbopack]')) return 'framework';
  const pkg = packageOf(file);
  if (pkg === undefined) return isBuildOutput(file) ? 'unmapped' : 'application';
  if (FRAMEWORK_PACKAGES.has(pkg) || pkg.startsWith('@next/')) return 'framework';
  // `src`: drizzle-orm's own source maps point one folder above the package (see the top comment).
  if (/^pg($|-)/.test(pkg) || pkg.startsWith('postgres-') || pkg === 'drizzle-orm' || pkg === 'src') return 'driver';
  return 'other';
}

/** A Next.js build directory's server output (`.next/server/...`, or another AML_NEXT_DIST_DIR). */
function isBuildOutput(file: string): boolean {
  return /(^|\/)\.next[^/]*\/server\//.test(file);
}

/** A frame's URL as a path: project-relative inside `projectRoot`, else absolute, `node:...` or ''. */
export function pathOfUrl(url: string, projectRoot: string): string {
  if (url === '' || url.startsWith('node:')) return url;
  let file = url;
  if (url.startsWith('file://')) {
    try {
      file = fileURLToPath(url);
    } catch {
      file = url.slice('file://'.length);
    }
  }
  const relative = path.relative(projectRoot, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

/** Sample counts per node id: from `samples` when present, else each node's `hitCount`. */
function sampleCounts(profile: CpuProfile, window?: { from: number; to: number }): { counts: Map<number, number>; total: number; ms: number; inWindow: boolean } {
  const counts = new Map<number, number>();
  const samples = profile.samples;
  if (!samples || samples.length === 0) {
    let total = 0;
    for (const n of profile.nodes) {
      if (!n.hitCount) continue;
      counts.set(n.id, n.hitCount);
      total += n.hitCount;
    }
    return { counts, total, ms: (profile.endTime - profile.startTime) / 1000, inWindow: false };
  }
  const deltas = profile.timeDeltas ?? [];
  const count = (from: number, to: number) => {
    counts.clear();
    let t = profile.startTime;
    let total = 0;
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      if (t < from || t > to) continue;
      const id = samples[i] as number;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      total++;
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
    return { total, ms: total > 0 ? (last - first) / 1000 : 0 };
  };
  if (window) {
    const inside = count(window.from, window.to);
    if (inside.total > 0) return { counts, ...inside, inWindow: true };
  }
  return { counts, ...count(-Infinity, Infinity), inWindow: false };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Self-time shares by category and the `top` functions of a profile. `window` (microseconds on the
 * profile's clock, which is `process.hrtime`'s) limits the count to samples taken inside it; when no
 * sample falls inside, the whole profile is counted and `window` says so.
 */
export function summariseProfile(
  profile: CpuProfile,
  opts: { projectRoot: string; resolve?: Resolve; top?: number; window?: { from: number; to: number } },
): ProfileSummary {
  const { counts, total, ms, inWindow } = sampleCounts(profile, opts.window);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const origins = new Map<number, { origin: Origin; category: Category | 'idle' }>();
  const placed = (node: ProfileNode) => {
    let known = origins.get(node.id);
    if (!known) {
      const frame = node.callFrame;
      const origin = opts.resolve?.(frame) ?? { file: pathOfUrl(frame.url, opts.projectRoot), line: frame.url ? frame.lineNumber + 1 : 0 };
      known = { origin, category: categoryOf(origin.file, frame.functionName) };
      origins.set(node.id, known);
    }
    return known;
  };
  /** The category of the nearest caller of `node` that is not Node itself, or 'node'. */
  const caller = (node: ProfileNode): Category => {
    for (let id = parents.get(node.id); id !== undefined; id = parents.get(id)) {
      const above = nodes.get(id);
      if (!above || above.callFrame.functionName === '(root)') break;
      const { category } = placed(above);
      if (category !== 'node' && category !== 'idle') return category;
    }
    return 'node';
  };
  const empty = (): Record<Category, number> => ({ framework: 0, application: 0, driver: 0, node: 0, other: 0, unmapped: 0 });
  const byCategory = empty();
  const byCaller = empty();
  const byFunction = new Map<string, ProfileFunction & { samples: number }>();
  let idle = 0;
  for (const node of profile.nodes) {
    const n = counts.get(node.id);
    if (!n) continue;
    const { origin, category } = placed(node);
    if (category === 'idle') {
      idle += n;
      continue;
    }
    byCategory[category] += n;
    byCaller[category === 'node' ? caller(node) : category] += n;
    const name = node.callFrame.functionName || '(anonymous)';
    const key = `${name}\u0000${origin.file}\u0000${origin.line}`;
    const entry = byFunction.get(key) ?? { function: name, file: origin.file, line: origin.line, category, percent: 0, samples: 0 };
    entry.samples += n;
    byFunction.set(key, entry);
  }
  const busy = total - idle;
  const share = (n: number) => (busy > 0 ? round1((n / busy) * 100) : 0);
  const sharesOf = (by: Record<Category, number>) => Object.fromEntries(CATEGORIES.map((c) => [c, share(by[c])])) as Record<Category, number>;
  const top = [...byFunction.values()]
    .sort((a, b) => b.samples - a.samples)
    .slice(0, opts.top ?? 15)
    .map(({ samples, ...f }) => ({ ...f, percent: share(samples) }));
  return {
    samples: total,
    sampled_ms: Math.round(ms),
    idle: total > 0 ? round1((idle / total) * 100) : 0,
    shares: sharesOf(byCategory),
    shares_by_caller: sharesOf(byCaller),
    top,
    window: inWindow ? 'phase' : 'whole profile',
  };
}

/** The original source a chunk's source map names, as a project-relative (or absolute) path. */
function originalPath(source: string, mapFile: string, projectRoot: string): string {
  const project = 'turbopack:///[project]/';
  if (source.startsWith(project)) return decodeURIComponent(source.slice(project.length));
  if (source.startsWith('turbopack:///')) return decodeURIComponent(source.slice('turbopack:///'.length));
  const absolute = path.resolve(path.dirname(mapFile), decodeURIComponent(source));
  return pathOfUrl(absolute, projectRoot);
}

/**
 * Resolves frames of a Next.js build's server output (`<projectRoot>/.next*\/server/**\/*.js`) through
 * each file's source map (its `sourceMappingURL`, else `<file>.map`). Frames elsewhere, and files
 * without a map, resolve to undefined.
 */
export function sourceMapResolver(projectRoot: string): Resolve {
  const maps = new Map<string, { map: SourceMap; file: string } | null>();
  const load = (url: string) => {
    if (maps.has(url)) return maps.get(url) ?? null;
    let loaded: { map: SourceMap; file: string } | null = null;
    try {
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      const code = readFileSync(file, 'utf8');
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
      const mapFile = named && !named.startsWith('data:') ? path.resolve(path.dirname(file), decodeURIComponent(named)) : `${file}.map`;
      if (existsSync(mapFile)) loaded = { map: new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))), file: mapFile };
    } catch {
      loaded = null;
    }
    maps.set(url, loaded);
    return loaded;
  };
  return (frame) => {
    if (!frame.url || frame.url.startsWith('node:')) return undefined;
    if (!isBuildOutput(pathOfUrl(frame.url, projectRoot))) return undefined;
    const loaded = load(frame.url);
    if (!loaded) return undefined;
    const entry = loaded.map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
    if (!entry.originalSource) return undefined;
    return { file: originalPath(entry.originalSource, loaded.file, projectRoot), line: (entry.originalLine ?? -1) + 1 };
  };
}
