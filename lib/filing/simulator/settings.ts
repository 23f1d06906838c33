import path from 'node:path';
import { SIMULATOR_MODES, type SimulatorMode, type SimulatorOptions } from './server';

export class SimulatorSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorSettingsError';
  }
}

export const SIMULATOR_USAGE = `usage: npm run filing-simulator -- [options]

  --port N              filing port (FILING_SIMULATOR_PORT, default 4100)
  --control-port N      control port, open in every mode (FILING_SIMULATOR_CONTROL_PORT, default 4101)
  --host ADDRESS        address to listen on (FILING_SIMULATOR_HOST, default 127.0.0.1)
  --schema PATH         goAML XSD (FILING_SIMULATOR_SCHEMA, else SERVICE_FILING_SCHEMA,
                        else ../shared/data/filing/goaml-5.0.1.xsd beside the project)
  --mode MODE           up, down, refuse or slow (FILING_SIMULATOR_MODE, default up)
  --ack-delay TIME      acceptance to acknowledgement, e.g. 500ms, 5s, 2m (FILING_SIMULATOR_ACK_DELAY, default 5s)
  --slow-delay TIME     delay of every answer in slow mode (FILING_SIMULATOR_SLOW_DELAY, default 10s)
  --refuse-reason TEXT  reason given in refuse mode (FILING_SIMULATOR_REFUSE_REASON)
`;

/** `0`, or a whole number with `ms`, `s` or `m`, in milliseconds; null when it is neither. */
export function parseDelay(text: string): number | null {
  const m = /^(\d+)\s*(ms|s|m)$/.exec(text.trim());
  if (!m) return text.trim() === '0' ? 0 : null;
  return Number(m[1]) * { ms: 1, s: 1_000, m: 60_000 }[m[2] as 'ms' | 's' | 'm'];
}

const FLAGS: Record<string, string> = {
  port: 'FILING_SIMULATOR_PORT',
  'control-port': 'FILING_SIMULATOR_CONTROL_PORT',
  host: 'FILING_SIMULATOR_HOST',
  schema: 'FILING_SIMULATOR_SCHEMA',
  mode: 'FILING_SIMULATOR_MODE',
  'ack-delay': 'FILING_SIMULATOR_ACK_DELAY',
  'slow-delay': 'FILING_SIMULATOR_SLOW_DELAY',
  'refuse-reason': 'FILING_SIMULATOR_REFUSE_REASON',
};

/** Options from `--flag value` (or `--flag=value`), then the environment, then the defaults. */
export function simulatorSettings(argv: string[], env: Record<string, string | undefined>, projectRoot: string): SimulatorOptions {
  const given: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !Object.hasOwn(FLAGS, m[1] as string)) throw new SimulatorSettingsError(`unknown option ${arg}\n\n${SIMULATOR_USAGE}`);
    const name = m[1] as string;
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new SimulatorSettingsError(`--${name} needs a value\n\n${SIMULATOR_USAGE}`);
    given[name] = value;
  }
  const read = (name: string): { value: string; from: string } | undefined => {
    if (given[name] !== undefined) return { value: given[name] as string, from: `--${name}` };
    const envName = FLAGS[name] as string;
    const fromEnv = env[envName];
    return fromEnv !== undefined && fromEnv !== '' ? { value: fromEnv, from: envName } : undefined;
  };
  const port = (name: string, fallback: number) => {
    const v = read(name);
    if (!v) return fallback;
    const n = Number(v.value);
    if (!/^\d+$/.test(v.value) || n > 65_535) throw new SimulatorSettingsError(`${v.from} must be a port number (0 to 65535), not "${v.value}"`);
    return n;
  };
  const delay = (name: string, fallback: number) => {
    const v = read(name);
    if (!v) return fallback;
    const ms = parseDelay(v.value);
    if (ms === null) throw new SimulatorSettingsError(`${v.from} must be a time such as 500ms, 5s or 2m, not "${v.value}"`);
    return ms;
  };

  const modeSetting = read('mode');
  if (modeSetting && !(SIMULATOR_MODES as readonly string[]).includes(modeSetting.value)) {
    throw new SimulatorSettingsError(`${modeSetting.from} must be one of ${SIMULATOR_MODES.join(', ')}, not "${modeSetting.value}"`);
  }
  const schemaSetting = read('schema')?.value ?? (env.SERVICE_FILING_SCHEMA || undefined);
  return {
    port: port('port', 4100),
    controlPort: port('control-port', 4101),
    host: read('host')?.value ?? '127.0.0.1',
    schemaPath: schemaSetting ? path.resolve(schemaSetting) : path.resolve(projectRoot, '../shared/data/filing/goaml-5.0.1.xsd'),
    mode: (modeSetting?.value ?? 'up') as SimulatorMode,
    ackDelayMs: delay('ack-delay', 5_000),
    slowDelayMs: delay('slow-delay', 10_000),
    refuseReason: read('refuse-reason')?.value,
  };
}
