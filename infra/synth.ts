/**
 * `npm run synth [-- <cdk synth options>]`: synthesises the stack into `cdk.out/` with the pinned CDK
 * CLI, offline and without AWS credentials. Builds the bundles first when any is missing.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bundleFunctions, bundlesPresent } from './bundle.ts';
import { PROJECT_ROOT } from './bundles.ts';

async function main(args: readonly string[]): Promise<number> {
  if (!(await bundlesPresent())) {
    process.stdout.write('bundles missing in dist/: building them first\n');
    await bundleFunctions();
  }
  const cdk = join(PROJECT_ROOT, 'node_modules', '.bin', 'cdk');
  // No notices or telemetry: both would reach out to the network, and synthesis must work offline.
  const child = spawn(cdk, ['synth', '--quiet', '--no-notices', ...args], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (status, signal) => resolve(status ?? (signal === null ? 1 : 128)));
  });
  if (code === 0) process.stdout.write(`synthesised into ${join(PROJECT_ROOT, 'cdk.out')}\n`);
  return code;
}

process.exitCode = await main(process.argv.slice(2));
