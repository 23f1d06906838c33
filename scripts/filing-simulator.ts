// `npm run filing-simulator -- [options]`: a regulator's goAML filing system for development and tests
// (lib/filing/simulator). Progress on stderr; stops on SIGINT or SIGTERM.
import { PROJECT_ROOT } from './project';
import { FilingSchemaError } from '../lib/filing/simulator/schema';
import { startFilingSimulator } from '../lib/filing/simulator/server';
import { SIMULATOR_USAGE, simulatorSettings, SimulatorSettingsError } from '../lib/filing/simulator/settings';

const progress = (line: string) => process.stderr.write(`[filing-simulator] ${line}\n`);

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(SIMULATOR_USAGE);
    return;
  }
  const options = simulatorSettings(argv, process.env, PROJECT_ROOT);
  progress(`loading the schema ${options.schemaPath}`);
  const simulator = await startFilingSimulator({ ...options, log: progress });
  progress(
    `ready: set SERVICE_FILING_URL=${simulator.url}; switch modes with ` +
      `curl -X POST ${simulator.controlUrl}/control -H 'content-type: application/json' -d '{"mode":"down"}'`,
  );
  const stop = (signal: string) => {
    progress(`${signal}: stopping`);
    void simulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: Error) => {
  progress(`error: ${e instanceof SimulatorSettingsError || e instanceof FilingSchemaError ? e.message : (e.stack ?? e.message)}`);
  process.exit(e instanceof SimulatorSettingsError ? 2 : 1);
});
