/**
 * What a job costs in DynamoDB requests, counted through a counting client on the embedded dynalite
 * (docs/operations.md, "Jobs"): the submission, each poll, the worker's run and the cancel; and an
 * admitted call stays at 3 requests in 2 steps with the jobs' lease beside the solves' in the key's item.
 */
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { jobsWorld, SMALL_JOB } from '../../test/support/jobs-world.ts';
import { countingClient, small } from '../../test/support/limits-table.ts';

const dynamo = embeddedDynamoPerFile();

describe('DynamoDB requests', () => {
  it('per job: submission, poll, run, and per admitted call', async () => {
    const d = dynamo();
    const { client, tally } = countingClient(d.endpoint);
    const w = await jobsWorld(d, { client });
    const key = await w.keyOf();
    // The key's record is cached by the container after its first call (as for every route).
    await w.call('GET', '/v1/jobs', key);

    tally.reset();
    const posted = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    expect(posted.status).toBe(202);
    const submit = { requests: tally.requests, steps: tally.steps, commands: [...tally.commands] };

    tally.reset();
    await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    const poll = { requests: tally.requests, steps: tally.steps };

    const ref = w.queued[0];
    if (ref === undefined) throw new Error('queued');
    tally.reset();
    expect(await w.runJob(await w.runner(), ref)).toBe('succeeded');
    const run = { requests: tally.requests, steps: tally.steps, commands: [...tally.commands] };

    tally.reset();
    const done = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(done.json.status).toBe('succeeded');
    const read = { requests: tally.requests, steps: tally.steps };

    tally.reset();
    const admitted = await w.admitter.admit({ ip: '198.51.100.1', apiKey: key, origin: undefined }, small);
    if (!admitted.ok) throw new Error('refused');
    await admitted.value.release('succeeded');
    const call = { requests: tally.requests, steps: tally.steps };

    // Submission: the count and the in-flight lease together, then the input beside the sweep index,
    // then the record.
    expect(submit).toMatchObject({ requests: 5, steps: 3 });
    // A poll of an active job: one read of its record.
    expect(poll).toEqual({ requests: 1, steps: 1 });
    // The run: the record read and taken, the input read, the plan and the result stored, the end, the
    // settle (lease and month in one write), then the input dropped, the record marked and the index
    // dropped together.
    expect(run).toMatchObject({ requests: 10, steps: 8 });
    // Reading a succeeded job: its record and its result.
    expect(read).toEqual({ requests: 2, steps: 2 });
    expect(call).toEqual({ requests: 3, steps: 2 });
  });
});
