/**
 * Both client libraries against one real `npm start` (see `test/service.ts`), and the OpenAPI document
 * they are generated from against the same server. One server for all of it keeps the suite's time low.
 */
import { afterAll, beforeAll, describe, vi } from 'vitest';
import { documentSuite } from './test/document.suite.ts';
import { generatedTypesSuite } from './test/generated.suite.ts';
import { packSuite } from './test/pack.suite.ts';
import { pythonClientSuite, type Run, startPyright } from './test/python.suite.ts';
import { readmeSuite } from './test/readme.suite.ts';
import { type Service, startService } from './test/service.ts';
import { typescriptClientSuite } from './test/typescript.suite.ts';

// Real solves over HTTP, a Python run and pyright share two cores with the rest of `npm test`: generous
// limits, so a loaded machine makes this file slow, never red.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let service: Service | undefined;
const current = (): Service => {
  if (service === undefined) throw new Error('the service did not start');
  return service;
};

let pyright: Promise<Run> | undefined;

beforeAll(async () => {
  pyright = startPyright();
  service = await startService();
});
afterAll(async () => {
  await service?.server.stop();
});

describe('@cutplan/client (TypeScript)', () => typescriptClientSuite(current));
describe('cutplan (Python)', () => pythonClientSuite(current, () => pyright ?? startPyright()));
describe('generated types', () => generatedTypesSuite());
describe('docs/openapi.json against the server', () => documentSuite(current));
describe('the README client snippets', () => readmeSuite(current));
describe('the packed TypeScript client', () => packSuite(current));
