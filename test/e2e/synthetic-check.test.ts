/** The synthetic check against real local servers: one answering right, others answering wrong. */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../core/budget.ts';
import { makeSyntheticCheck, type SyntheticDeps } from '../../functions/handlers/index.ts';
import { fakeCore } from '../support/fake-core.ts';
import { collectingLogger, recordingAdmitter, testHandlers } from '../support/handlers.ts';
import { type RunningServer, startServer } from '../support/local-server.ts';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(...args: Parameters<typeof testHandlers>): Promise<RunningServer> {
  const server = await startServer(testHandlers(...args));
  servers.push(server);
  return server;
}

function check(baseUrl: string, extra: Partial<SyntheticDeps> = {}) {
  const emitted: string[] = [];
  const clock = manualClock(Date.UTC(2026, 2, 1, 9, 15));
  const run = makeSyntheticCheck({
    fetch: async (input, init) => {
      clock.advance(40); // every call "takes" 40 ms on the manual clock
      return fetch(input, init);
    },
    baseUrl,
    clock,
    emit: (line) => emitted.push(line),
    log: collectingLogger(),
    timeoutMs: 5_000,
    ...extra,
  });
  return { run, emitted, metrics: () => emitted.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('synthetic check', () => {
  it('passes against a server that solves the known job, and logs success as EMF', async () => {
    const server = await serve();
    const { run, metrics } = check(`${server.url}/`);
    await expect(run({})).resolves.toEqual({ success: true, latencyMs: 40, failures: [] });
    expect(metrics()).toEqual([
      {
        _aws: {
          Timestamp: Date.UTC(2026, 2, 1, 9, 15) + 80,
          CloudWatchMetrics: [
            {
              Namespace: 'Cutplan',
              Dimensions: [['Service']],
              Metrics: [
                { Name: 'SyntheticSuccess', Unit: 'Count' },
                { Name: 'SyntheticLatencyMs', Unit: 'Milliseconds' },
              ],
            },
          ],
        },
        Service: 'cutplan',
        SyntheticSuccess: 1,
        SyntheticLatencyMs: 40,
        failures: [],
      },
    ]);
  });

  it('fails loudly against a server whose plan is wrong, naming every mismatch', async () => {
    const server = await serve({ core: fakeCore({ wrongPlan: true }) });
    const { run, metrics } = check(server.url);
    await expect(run({})).rejects.toThrow(
      'synthetic check failed: optimise: plan.optimal is false, expected true; optimise: plan.stockBarsUsed is 4, expected 2',
    );
    expect(metrics()[0]).toMatchObject({ SyntheticSuccess: 0, SyntheticLatencyMs: 40 });
  });

  it('fails against a server that answers 500', async () => {
    const server = await serve({ core: fakeCore({ unverified: true }) });
    const { run, metrics } = check(server.url);
    await expect(run({})).rejects.toThrow(/optimise: status 500 \(\{"error":"internal"/);
    expect(metrics()[0]).toMatchObject({ SyntheticSuccess: 0 });
  });

  it('fails when nothing answers, and still logs the metric', async () => {
    const server = await serve();
    const url = server.url;
    await Promise.all(servers.splice(0).map((s) => s.close()));
    const { run, metrics } = check(url);
    await expect(run({})).rejects.toThrow(/health: fetch failed.*optimise: fetch failed/);
    expect(metrics()[0]).toMatchObject({ SyntheticSuccess: 0 });
  });

  it('fails when a 200 carries no plan at all', async () => {
    const { run } = check('http://check.invalid', {
      fetch: async () =>
        new Response('{"status":"ok","version":"1"}', {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r' },
        }),
    });
    await expect(run({})).rejects.toThrow(
      'optimise: plan.verified is missing, expected true; optimise: plan.optimal is missing, expected true; optimise: plan.stockBarsUsed is missing, expected 2; optimise: pieces cut is missing, expected 4',
    );
  });

  it('reads a streamed 200 ending in a late failure as that failure (status 422)', async () => {
    const { run } = check('http://check.invalid', {
      fetch: async (input) =>
        new Response(
          String(input).endsWith('/optimise')
            ? '   {"error":"noPlanFound","detail":"no plan","status":422}'
            : '{"status":"ok","version":"1"}',
          { status: 200, headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r' } },
        ),
    });
    await expect(run({})).rejects.toThrow(
      /^synthetic check failed: optimise: status 422 \(\{"error":"noPlanFound"/,
    );
  });

  it('sends the configured key', async () => {
    const admitter = recordingAdmitter();
    const server = await serve({ admitter });
    await check(server.url, { apiKey: 'cp_test_key' }).run({});
    expect(admitter.calls.map((c) => c.caller.apiKey)).toEqual(['cp_test_key']);
  });
});
