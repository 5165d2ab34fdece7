/**
 * Vitest's global setup, run once in the main process before any test file: the test run stops with a
 * clear message unless it is on the Node major the project pins (see bin/node-major.js).
 */
import '../../bin/node-major.js';

export default function setup(): void {}
