export class UsageError extends Error {}

/** Flags written with one dash as in the interface (`-org Demo`), two dashes too, and `-flag=value`. */
export function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const m = /^--?([a-z][a-z0-9-]*)(?:=(.*))?$/i.exec(arg);
    if (!m) throw new UsageError(`unexpected argument "${arg}"`);
    const name = (m[1] as string).toLowerCase();
    if (m[2] !== undefined) {
      flags[name] = m[2];
    } else {
      const value = args[i + 1];
      if (value === undefined || /^--?[a-z]/i.test(value)) throw new UsageError(`-${name} needs a value`);
      flags[name] = value;
      i++;
    }
  }
  return flags;
}

export function required(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value.trim() === '') throw new UsageError(`-${name} is required`);
  return value;
}

export function allowOnly(flags: Record<string, string>, names: string[]): void {
  for (const name of Object.keys(flags)) {
    if (!names.includes(name)) throw new UsageError(`unknown flag -${name} (expected ${names.map((n) => `-${n}`).join(', ')})`);
  }
}
