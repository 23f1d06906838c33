import http from 'node:http';

/** Latency figures in milliseconds and achieved throughput. */
export interface LoadResult {
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  requests: number;
  /** Requests that took over 10 ms (where a tail starts: compare with the service's own count, events.ts). */
  over_10ms: number;
  errors: number;
  statuses: Record<string, number>;
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[i] as number) * 100) / 100;
}

/** Anything that sends a request and answers with its status and body: a Client, or a RoundRobin of them. */
export interface Sender {
  send(req: Request): Promise<{ status: number; body: string }>;
}

export class Client implements Sender {
  private readonly agent: http.Agent;
  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly headers: Record<string, string>,
    maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  send(req: Request): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const r = http.request(
        {
          host: this.host,
          port: this.port,
          method: req.method,
          path: req.path,
          agent: this.agent,
          headers: { ...this.headers, ...(req.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        },
      );
      r.on('error', reject);
      if (req.body) r.write(req.body);
      r.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Sends each request to the next of several clients in turn (several instances of the service). */
export class RoundRobin implements Sender {
  private next = 0;
  constructor(private readonly clients: Sender[]) {
    if (clients.length === 0) throw new Error('RoundRobin needs at least one client');
  }

  send(req: Request): Promise<{ status: number; body: string }> {
    const client = this.clients[this.next] as Sender;
    this.next = (this.next + 1) % this.clients.length;
    return client.send(req);
  }
}

function summarise(latencies: number[], statuses: Record<string, number>, errors: number, seconds: number, okStatuses: number[]): LoadResult {
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses)
    .filter(([s]) => okStatuses.includes(Number(s)))
    .reduce((n, [, c]) => n + c, 0);
  return {
    rps: Math.round((ok / seconds) * 10) / 10,
    p50_ms: percentile(latencies, 50),
    p95_ms: percentile(latencies, 95),
    p99_ms: percentile(latencies, 99),
    requests: latencies.length,
    over_10ms: latencies.filter((x) => x > 10).length,
    errors,
    statuses,
  };
}

/** Closed loop: `concurrency` clients each send the next request as soon as the previous answers. */
export async function saturate(client: Sender, next: () => Request, opts: { concurrency: number; seconds: number; ok: number[] }): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const r = await client.send(next());
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (!opts.ok.includes(r.status)) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return summarise(latencies, statuses, errors, (performance.now() - started) / 1000, opts.ok);
}

/**
 * Open loop at a fixed rate: requests are started on schedule whatever the answers do, and latency is
 * measured from the scheduled start, so a stall shows in the figures (no coordinated omission).
 */
export async function fixedRate(client: Sender, next: () => Request, opts: { rate: number; seconds: number; ok: number[] }): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      client.send(next()).then(
        (r) => {
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          if (!opts.ok.includes(r.status)) errors++;
          latencies.push(performance.now() - scheduled);
        },
        () => {
          errors++;
          latencies.push(performance.now() - scheduled);
        },
      ),
    );
  }
  await Promise.all(inflight);
  return summarise(latencies, statuses, errors, (performance.now() - started) / 1000, opts.ok);
}
