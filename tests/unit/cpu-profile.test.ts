import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { categoryOf, sourceMapResolver, summariseProfile, type CallFrame, type CpuProfile, type ProfileNode } from '../../scripts/bench/cpu-profile';

const ROOT = '/srv/aml';

const frame = (functionName: string, url: string, lineNumber = 0, columnNumber = 0): CallFrame => ({ functionName, url, lineNumber, columnNumber });

/** A profile whose nodes take the given numbers of samples, one millisecond apart, starting at `start` µs. */
function profileOf(nodes: Array<[CallFrame, number]>, start = 1_000_000): CpuProfile {
  const built: ProfileNode[] = [{ id: 1, callFrame: frame('(root)', ''), children: [] }];
  const samples: number[] = [];
  nodes.forEach(([callFrame, n], i) => {
    const id = i + 2;
    built.push({ id, callFrame, hitCount: n });
    built[0]!.children!.push(id);
    for (let k = 0; k < n; k++) samples.push(id);
  });
  return { nodes: built, startTime: start, endTime: start + samples.length * 1000, samples, timeDeltas: samples.map(() => 1000) };
}

describe('categoryOf', () => {
  it('places code by the package or project folder it comes from', () => {
    expect(categoryOf('node_modules/next/dist/server/base-server.js')).toBe('framework');
    expect(categoryOf('node_modules/next/dist/compiled/next-server/app-route-turbo.runtime.prod.js')).toBe('framework');
    expect(categoryOf('node_modules/react-dom/cjs/react-dom-server.node.production.js')).toBe('framework');
    expect(categoryOf('node_modules/react/index.js')).toBe('framework');
    expect(categoryOf('[turbopack]/nodejs/runtime.ts')).toBe('framework');
    expect(categoryOf('lib/events/ingest.ts')).toBe('application');
    expect(categoryOf('app/v1/events/route.ts')).toBe('application');
    expect(categoryOf('db/client.ts')).toBe('application');
    expect(categoryOf('node_modules/pg/lib/client.js')).toBe('driver');
    expect(categoryOf('node_modules/pg-protocol/dist/parser.js')).toBe('driver');
    expect(categoryOf('node_modules/postgres-date/index.js')).toBe('driver');
    expect(categoryOf('node_modules/drizzle-orm/pg-core/dialect.js')).toBe('driver');
    expect(categoryOf('node_modules/src/sql/sql.ts')).toBe('driver');
    expect(categoryOf('node_modules/zod/v4/core/schemas.js')).toBe('other');
    expect(categoryOf('node_modules/@auth/core/jwt.js')).toBe('other');
    expect(categoryOf('/usr/lib/node_modules/tsx/dist/loader.mjs')).toBe('other');
    expect(categoryOf('node:internal/streams/readable')).toBe('node');
    expect(categoryOf('')).toBe('node');
    expect(categoryOf('', '(garbage collector)')).toBe('node');
    expect(categoryOf('', '(program)')).toBe('node');
    expect(categoryOf('', '(idle)')).toBe('idle');
    expect(categoryOf('.next/server/chunks/_0abc._.js')).toBe('unmapped');
    expect(categoryOf('.next-e2e-bench/server/chunks/_0abc._.js')).toBe('unmapped');
  });
});

describe('summariseProfile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cpu-profile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('splits self time by category, leaving idle out of the shares, and ranks functions', () => {
    const profile = profileOf([
      [frame('(idle)', ''), 20],
      [frame('handleRequest', `file://${ROOT}/node_modules/next/dist/server/base-server.js`, 99), 30],
      [frame('ingest', `file://${ROOT}/lib/events/ingest.ts`, 9), 25],
      [frame('parseMessage', `file://${ROOT}/node_modules/pg-protocol/dist/parser.js`, 4), 15],
      [frame('(garbage collector)', ''), 10],
      [frame('writeGeneric', 'node:internal/stream_base_commons', 1), 5],
      [frame('parse', `file://${ROOT}/node_modules/zod/v4/core/parse.js`), 5],
      [frame('', `file://${ROOT}/.next/server/chunks/_0abc._.js`, 2, 10), 10],
    ]);
    const s = summariseProfile(profile, { projectRoot: ROOT });
    expect(s.samples).toBe(120);
    expect(s.idle).toBe(16.7); // 20 of 120
    // Shares of the 100 non-idle samples.
    expect(s.shares).toEqual({ framework: 30, application: 25, driver: 15, node: 15, other: 5, unmapped: 10 });
    expect(s.window).toBe('whole profile');
    expect(s.top[0]).toEqual({ function: 'handleRequest', file: 'node_modules/next/dist/server/base-server.js', line: 100, category: 'framework', percent: 30 });
    expect(s.top[1]).toMatchObject({ function: 'ingest', file: 'lib/events/ingest.ts', line: 10, category: 'application', percent: 25 });
    expect(s.top.map((f) => f.function)).not.toContain('(idle)');
    expect(s.top.find((f) => f.file.startsWith('.next'))).toMatchObject({ function: '(anonymous)', category: 'unmapped', percent: 10 });
  });

  it('adds up one function reached through several call paths, and keeps only the top N', () => {
    const url = `file://${ROOT}/lib/rules/engine.ts`;
    const profile = profileOf([
      [frame('evaluate', url, 41), 6],
      [frame('evaluate', url, 41), 4],
      [frame('other', `file://${ROOT}/lib/a.ts`), 3],
      [frame('third', `file://${ROOT}/lib/b.ts`), 1],
    ]);
    const s = summariseProfile(profile, { projectRoot: ROOT, top: 2 });
    expect(s.top).toHaveLength(2);
    expect(s.top[0]).toMatchObject({ function: 'evaluate', file: 'lib/rules/engine.ts', line: 42, percent: 71.4 });
    expect(s.top[1]).toMatchObject({ function: 'other', percent: 21.4 });
  });

  it('gives Node time to the nearest caller of another category in shares_by_caller', () => {
    // root -> query (pg) -> writev (node); root -> POST (app) -> JSON.parse (builtin) and -> emit (node:events)
    // -> handler (next); root -> (garbage collector).
    const nodes: ProfileNode[] = [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 7] },
      { id: 2, callFrame: frame('query', `file://${ROOT}/node_modules/pg/lib/client.js`, 500), children: [3] },
      { id: 3, callFrame: frame('writev', ''), children: [] },
      { id: 4, callFrame: frame('POST', `file://${ROOT}/app/v1/events/route.ts`, 10), children: [5, 6] },
      { id: 5, callFrame: frame('parse', ''), children: [] },
      { id: 6, callFrame: frame('emit', 'node:events', 400), children: [8] },
      { id: 7, callFrame: frame('(garbage collector)', ''), children: [] },
      { id: 8, callFrame: frame('handler', `file://${ROOT}/node_modules/next/dist/server/next-server.js`), children: [] },
    ];
    const counts: Array<[number, number]> = [[2, 10], [3, 30], [4, 10], [5, 20], [6, 10], [7, 10], [8, 10]];
    const samples = counts.flatMap(([id, n]) => Array.from({ length: n }, () => id));
    const s = summariseProfile({ nodes, startTime: 0, endTime: samples.length * 1000, samples, timeDeltas: samples.map(() => 1000) }, { projectRoot: ROOT });
    expect(s.shares).toMatchObject({ driver: 10, application: 10, framework: 10, node: 70 });
    // writev counts for pg; parse and emit for the route; the collector has no caller.
    expect(s.shares_by_caller).toMatchObject({ driver: 40, application: 40, framework: 10, node: 10 });
  });

  it('counts only the samples inside a window on the profile clock', () => {
    // 10 framework samples at 1.001..1.010 s, then 10 application samples at 1.011..1.020 s.
    const profile = profileOf([
      [frame('route', `file://${ROOT}/node_modules/next/dist/server/next-server.js`), 10],
      [frame('ingest', `file://${ROOT}/lib/events/ingest.ts`), 10],
    ]);
    const inside = summariseProfile(profile, { projectRoot: ROOT, window: { from: 1_011_000, to: 1_020_000 } });
    expect(inside).toMatchObject({ samples: 10, window: 'phase' });
    expect(inside.shares.application).toBe(100);
    expect(inside.shares.framework).toBe(0);
    const outside = summariseProfile(profile, { projectRoot: ROOT, window: { from: 5_000_000, to: 6_000_000 } });
    expect(outside).toMatchObject({ samples: 20, window: 'whole profile' });
    expect(outside.shares.application).toBe(50);
  });

  it('places bundled functions by their chunk source map', () => {
    const chunks = path.join(dir, '.next/server/chunks');
    mkdirSync(chunks, { recursive: true });
    // Line 0: `function a(){}` from lib/events/ingest.ts line 5; from column 14, drizzle-orm's map (../src/...).
    writeFileSync(path.join(chunks, 'c.js'), 'function a(){}function b(){}\n//# sourceMappingURL=c.js.map\n');
    writeFileSync(
      path.join(chunks, 'c.js.map'),
      JSON.stringify({ version: 3, sources: ['../../../lib/events/ingest.ts', '../../../node_modules/src/sql/sql.ts'], names: [], mappings: 'AAIA,cCAA' }),
    );
    const url = pathToFileURL(path.join(chunks, 'c.js')).href;
    const resolve = sourceMapResolver(dir);
    expect(resolve(frame('a', url, 0, 0))).toEqual({ file: 'lib/events/ingest.ts', line: 5 });
    expect(resolve(frame('b', url, 0, 14))).toEqual({ file: 'node_modules/src/sql/sql.ts', line: 5 });
    expect(resolve(frame('x', `file://${dir}/lib/a.ts`))).toBeUndefined();
    const s = summariseProfile(profileOf([[frame('a', url, 0, 0), 3], [frame('b', url, 0, 14), 1]]), { projectRoot: dir, resolve });
    expect(s.shares).toMatchObject({ application: 75, driver: 25, unmapped: 0 });
  });
});
