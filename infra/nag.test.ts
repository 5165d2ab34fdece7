/**
 * AWS's own rules for the stack: the cdk-nag AwsSolutions pack runs on the synthesised stack, with and
 * without the web ACL, and must find nothing that is neither fixed nor acknowledged in code with its
 * reason (`Validations.of(…).acknowledge`, in `constructs/cutplan-api.ts`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CutplanStack } from './stack.ts';

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Synthesises with the pack; returns what it reported (it prints findings and throws on any). */
async function nag(webAcl: boolean): Promise<{ error: unknown; printed: string }> {
  const outdir = await mkdtemp(join(tmpdir(), 'cutplan-nag-'));
  dirs.push(outdir);
  const app = new App({ outdir });
  new CutplanStack(app, 'Cutplan', {
    webAcl,
    code: (name) => lambda.Code.fromInline(`// stand-in for ${name}\nexports.handler = async () => ({});`),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let printed = '';
  const capture = (chunk: unknown) => {
    printed += String(chunk);
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  vi.spyOn(console, 'log').mockImplementation((...args) => capture(`${args.join(' ')}\n`));
  vi.spyOn(console, 'error').mockImplementation((...args) => capture(`${args.join(' ')}\n`));
  let error: unknown;
  try {
    app.synth();
  } catch (thrown) {
    error = thrown;
  }
  vi.restoreAllMocks();
  return { error, printed };
}

describe('cdk-nag AwsSolutions pack', () => {
  it.each([false, true])(
    'finds nothing unanswered (web ACL %s)',
    async (webAcl) => {
      const { error, printed } = await nag(webAcl);
      expect(printed).not.toMatch(/^(ERROR|WARNING) /m);
      expect(error).toBeUndefined();
    },
    60_000,
  );

  it('would report an unanswered finding (the check is live)', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'cutplan-nag-'));
    dirs.push(outdir);
    const app = new App({ outdir });
    const stack = new CutplanStack(app, 'Cutplan', {
      code: (name) => lambda.Code.fromInline(`// stand-in for ${name}\nexports.handler = async () => ({});`),
    });
    new (await import('aws-cdk-lib/aws-sns')).Topic(stack, 'PlainTopic');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(() => app.synth()).toThrow(/SNS Topic does not require publishers to use SSL/);
  }, 60_000);
});
