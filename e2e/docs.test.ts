import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runCli } from '../tests/support/processes';
import { openBrowser, screenshot, SCREENSHOTS, type Browser } from './support/browser';
import { startTestService, type RunningService } from './support/server';

const METRICS_TOKEN = 'e2e-metrics-token';

let service: RunningService;
let browser: Browser;
let page: Page;
const url = (p: string) => `${service.baseUrl}${p}`;

describe('the API reference, the document and the metrics of a running service', () => {
  beforeAll(async () => {
    service = await startTestService({ SERVICE_METRICS_TOKEN: METRICS_TOKEN, SERVICE_LOG_LEVEL: 'info' });
    browser = await openBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('shows /docs without signing in, listing the operations of the OpenAPI document', async () => {
    // A new install sends every console page to /setup; the API reference stays readable.
    await page.goto(url('/docs'));
    const postEvents = page.locator('.opblock-post .opblock-summary-path[data-path="/v1/events"]');
    await postEvents.first().waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/docs');
    expect(await page.locator('.info .title').first().textContent()).toContain('AML monitoring and screening service');
    expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(38);
    for (const p of ['/v1/alerts/{id}/closure/approve', '/v1/screenings', '/v1/rules/{id}/backtest', '/v1/keys/{id}']) {
      expect(await page.locator(`.opblock-summary-path[data-path="${p}"]`).count(), p).toBeGreaterThan(0);
    }
    await screenshot(page, 'docs-01-api-reference');

    // One operation opened (Swagger UI resolves it with the OpenAPI 3.1 reader then): its parameters,
    // request example and responses, with the interface's error messages.
    const failures: string[] = [];
    page.on('pageerror', (e) => failures.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) failures.push(m.text());
    });
    await postEvents.first().click();
    const opened = page.locator('#operations-Events-postEvents');
    await opened.locator('.responses-wrapper').waitFor({ state: 'visible' });
    await opened.locator('.parameters-container').waitFor({ state: 'visible' });
    const text = (await opened.textContent()) ?? '';
    for (const shown of ['mode', 'idempotency_key', 'pay-2026-03-01-000123', 'type and idempotency_key are required', 'Retry-After', '202']) {
      expect(text, shown).toContain(shown);
    }
    expect(failures).toEqual([]);
    expect(browser.policyViolations).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await opened.screenshot({ path: path.join(SCREENSHOTS, 'docs-02-post-events.png') });
  });

  it('sends the console security headers, a fresh script nonce and a request id on every response', async () => {
    const nonces = new Set<string>();
    for (const path of ['/docs', '/setup', '/sign-in', '/', '/nowhere']) {
      const response = await fetch(url(path), { redirect: 'manual' });
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("default-src 'self'");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).not.toContain('unsafe-eval');
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      if (response.status === 200) {
        // Every script the page carries is the service's own, marked with this response's nonce.
        const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length, path).toBeGreaterThan(0);
        for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(5);

    // Health, readiness, metrics and the API name their request too; a plain id the caller sends is kept.
    for (const path of ['/healthz', '/readyz', '/metrics', '/v1/openapi.json', '/v1/alerts']) {
      const own = await fetch(url(path), { headers: { 'x-request-id': 'probe-42' } });
      expect(own.headers.get('x-request-id'), path).toBe('probe-42');
      const fresh = await fetch(url(path), { headers: { 'x-request-id': 'not a plain id' } });
      expect(fresh.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('has Chromium refuse a script the service did not send', async () => {
    // The real /docs response, headers and all, with one injected inline script: the browser must not run it.
    await page.route(url('/docs'), async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response, body });
    });
    await page.goto(url('/docs'));
    await page.locator('.opblock').first().waitFor({ state: 'visible' });
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(browser.policyViolations.some((v) => v.includes('script-src'))).toBe(true);
    await page.unroute(url('/docs'));
  });

  it('serves the committed document at /v1/openapi.json and guards /metrics with SERVICE_METRICS_TOKEN', async () => {
    const doc = await fetch(url('/v1/openapi.json'));
    expect(doc.status).toBe(200);
    expect(await doc.json()).toEqual(JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'lib/openapi/document.json'), 'utf8')));

    expect((await fetch(url('/metrics'))).status).toBe(401);
    expect((await fetch(url('/metrics'), { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const metrics = await fetch(url('/metrics'), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/aml_http_requests_total\{method="GET",route="\/v1\/openapi\.json",status="200"\} [1-9]/);
    expect(text).toContain('aml_alerts_open{priority="high"} 0');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('logs JSON lines with the route template and never a key secret', async () => {
    const env = { SERVICE_DATABASE_URL: service.databaseUrl };
    expect((await runCli(['orgs', 'create', '-name', 'Docs'], env)).code).toBe(0);
    const first = JSON.parse((await runCli(['keys', 'create', '-org', 'Docs', '-name', 'first'], env)).stdout).key as string;
    const made = await fetch(url('/v1/keys'), {
      method: 'POST',
      headers: { authorization: `Bearer ${first}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'second' }),
    });
    expect(made.status).toBe(201);
    const { key: second, id } = (await made.json()) as { key: string; id: string };
    expect((await fetch(url(`/v1/keys/${id}`), { method: 'DELETE', headers: { authorization: `Bearer ${first}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const output = service.output();
    for (const secret of [first, second, METRICS_TOKEN]) expect(output).not.toContain(secret);
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.route === '/v1/keys/{id}' && l.method === 'DELETE')).toMatchObject({ level: 'info', msg: 'request', status: 200 });
    expect(lines.find((l) => l.route === '/v1/keys' && l.method === 'POST')).toMatchObject({ status: 201, actor: expect.any(String), org_id: expect.any(String) });
  });
});
