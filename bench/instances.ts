/** The benchmark's instances: ../shared/instances, read by the instance-format readers of test/support. */
import { join } from 'node:path';

export { type Instance, loadSet, parseInstance, readOptima } from '../test/support/instances.ts';

export const INSTANCES_DIR = join(import.meta.dirname, '..', '..', 'shared', 'instances');
