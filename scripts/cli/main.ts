import '../project';
import { readFileSync } from 'node:fs';
import { closeDb, getDb } from '../../db/client';
import { settings, SettingsError } from '../../lib/config';
import { systemActor } from '../../lib/auth/actor';
import { ServiceError } from '../../lib/errors';
import { createKey } from '../../lib/keys/create-key';
import { createOrganisation } from '../../lib/orgs/create-organisation';
import { findOrganisation } from '../../lib/orgs/find-organisation';
import { updateFilingDetails } from '../../lib/orgs/update-filing-details';
import { seedBuiltinRules } from '../../lib/rules/seed-builtin-rules';
import { generateLicenceKeyPair, signLicence } from '../../lib/setup/licence-tools';
import { createPerson } from '../../lib/people/create-person';
import { readListFile } from '../../lib/screening/list-file';
import { loadScreeningList } from '../../lib/screening/load-list';
import { prepareDatabase } from '../database';
import { allowOnly, parseFlags, required, UsageError } from './args';

const USAGE = `usage: service-admin <command> [flags]

  migrate                                  apply database migrations
  orgs create -name NAME                   create an organisation
  orgs update -org ORG [-institution NAME] [-licence REF] [-regulator NAME]
                                           set the details that head the organisation's regulatory filings
                                           (at least one; each 1 to 200 characters; the others are kept)
  keys create -org ORG -name NAME [-owner EMAIL]
                                           create an API key (ORG is an id or a name); -owner: the person it acts
                                           for in four-eyes checks (without it the key is its own owner)
  rules seed -org ORG                      install the built-in rules as active rules (organisation with no rules yet)
  people create -org ORG -email E -name N -role analyst|reviewer|admin [-password P]
                                           add a person (without -password: a one-time password, changed at first sign-in)
  screening load -file PATH                load or replace a screening list (validates the whole file first)
  licence keygen                           make a licence signing key pair (vendor side)
  licence sign -key FILE -customer NAME -valid-until YYYY-MM-DD [-tier T] [-transactions-per-month N] [-modules a,b] [-key-id ID]

Settings come from the environment as for the service (SERVICE_DATABASE_URL, SERVICE_DATA_DIR).`;

const progress = (line: string) => process.stderr.write(`${line}\n`);
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** Runs `work` with the database ready, stopping an embedded server this command started. */
async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const embedded = await prepareDatabase(progress);
  try {
    return await work();
  } finally {
    await closeDb();
    if (embedded?.started) await embedded.stop();
  }
}

type Command = (flags: Record<string, string>) => Promise<void>;

const commands: Record<string, Command> = {
  migrate: async (flags) => {
    allowOnly(flags, []);
    await withDatabase(async () => undefined);
    progress('migrations applied');
  },
  'orgs create': async (flags) => {
    allowOnly(flags, ['name']);
    const name = required(flags, 'name');
    const org = await withDatabase(() => createOrganisation(getDb(), { name }));
    print({ id: org.id, name: org.name });
  },
  'orgs update': async (flags) => {
    allowOnly(flags, ['org', 'institution', 'licence', 'regulator']);
    const orgRef = required(flags, 'org');
    const input = { institution: flags.institution, licence: flags.licence, regulator: flags.regulator };
    const org = await withDatabase(async () => {
      const found = await findOrganisation(getDb(), orgRef);
      return updateFilingDetails(getDb(), systemActor(found.id), input);
    });
    print({ id: org.id, name: org.name, institution: org.institution, licence: org.licence, regulator: org.regulator });
  },
  'keys create': async (flags) => {
    allowOnly(flags, ['org', 'name', 'owner']);
    const orgRef = required(flags, 'org');
    const name = required(flags, 'name');
    const ownerEmail = flags.owner;
    const result = await withDatabase(async () => {
      const org = await findOrganisation(getDb(), orgRef);
      const { key, secret } = await createKey(getDb(), systemActor(org.id), { name, ...(ownerEmail !== undefined ? { ownerEmail } : {}) });
      return { id: key.id, name: key.name, key: secret, org_id: org.id, owner: { kind: key.ownerKind, id: key.ownerId } };
    });
    print(result);
  },
  'rules seed': async (flags) => {
    allowOnly(flags, ['org']);
    const orgRef = required(flags, 'org');
    const result = await withDatabase(async () => {
      const org = await findOrganisation(getDb(), orgRef);
      return seedBuiltinRules(getDb(), org.id);
    });
    print(result);
  },
  'people create': async (flags) => {
    allowOnly(flags, ['org', 'email', 'name', 'role', 'password']);
    const orgRef = required(flags, 'org');
    const input = { email: required(flags, 'email'), name: required(flags, 'name'), role: required(flags, 'role'), password: flags.password };
    const result = await withDatabase(async () => {
      const org = await findOrganisation(getDb(), orgRef);
      const { person, password } = await createPerson(getDb(), systemActor(org.id), input);
      return { id: person.id, email: person.email, name: person.name, role: person.role, org_id: org.id, password };
    });
    print(result);
  },
  'screening load': async (flags) => {
    allowOnly(flags, ['file']);
    const file = await readListFile(required(flags, 'file'));
    progress(`${file.code} version ${file.version}: ${file.entries.length} entries checked`);
    const loaded = await withDatabase(() => loadScreeningList(getDb(), file, { progress }));
    if (!loaded) throw new Error('the list was not loaded');
    print(loaded.descriptor);
  },
  'licence keygen': async (flags) => {
    allowOnly(flags, []);
    print(generateLicenceKeyPair());
  },
  'licence sign': async (flags) => {
    allowOnly(flags, ['key', 'customer', 'valid-until', 'tier', 'transactions-per-month', 'modules', 'key-id']);
    const privateKey = readFileSync(required(flags, 'key'), 'utf8');
    const perMonth = Number(flags['transactions-per-month'] ?? '1000000');
    if (!Number.isInteger(perMonth) || perMonth < 0) throw new UsageError('-transactions-per-month must be a whole number');
    const licence = signLicence(privateKey, {
      customer: required(flags, 'customer'),
      tier: flags.tier ?? 'standard',
      transactions_per_month: perMonth,
      modules: (flags.modules ?? 'monitoring,screening,reporting').split(',').map((m) => m.trim()).filter(Boolean),
      valid_until: required(flags, 'valid-until'),
      key_id: flags['key-id'] ?? 'licence-key-1',
    });
    print(licence);
  },
};

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '-h' || argv[0] === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const two = `${argv[0]} ${argv[1] ?? ''}`;
  const [name, rest] = commands[two] ? [two, argv.slice(2)] : [argv[0] as string, argv.slice(1)];
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${argv.slice(0, 2).join(' ')}"`);
  settings();
  await command(parseFlags(rest));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`service-admin: ${err.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    const message = err instanceof ServiceError || err instanceof SettingsError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`service-admin: ${message}\n`);
    process.exit(1);
  },
);
