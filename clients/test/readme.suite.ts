/**
 * The README's client snippets run as shown: each is taken from the README, pointed at the test server
 * instead of `localhost:3000`, run, and must print what its comments say (`console.log(…); // 4 true`).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { ROOT, type Service } from './service.ts';

/** The fenced blocks of the README's "Client libraries" section, by language. */
async function snippets(): Promise<{ js: string; sh: string }> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Client libraries\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const block = (lang: string) => {
    const found = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1];
    if (start < 0 || found === undefined)
      throw new Error(`no ${lang} block in the README's Client libraries`);
    return found;
  };
  return { js: block('js'), sh: block('sh') };
}

/** What the snippet's comments say it prints, one line per commented print. */
const promised = (code: string, print: RegExp): string[] =>
  code
    .split('\n')
    .map((line) => print.exec(line)?.[1]?.trim())
    .filter((line): line is string => line !== undefined);

export function readmeSuite(service: () => Service): void {
  let code: { js: string; sh: string };
  beforeAll(async () => {
    code = await snippets();
    // The snippets import the built package, as users do: build it from the source under test.
    await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsc'), [
      '-p',
      join(ROOT, 'clients', 'typescript', 'tsconfig.build.json'),
    ]);
  });
  const pointed = (text: string) => text.replaceAll('http://localhost:3000', service().url);

  it('the TypeScript snippet prints what it says', async () => {
    // Inside the repository's node_modules, so that `@cutplan/client` resolves as it does for plan.mjs.
    const dir = join(ROOT, 'node_modules', '.cache', `cutplan-readme-${process.pid}`);
    await mkdir(dir, { recursive: true });
    try {
      await writeFile(join(dir, 'plan.mjs'), pointed(code.js));
      const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'plan.mjs')], { cwd: ROOT });
      const expected = promised(code.js, /console\.log\(.*\); \/\/ (.*)$/);
      expect(expected).toHaveLength(2);
      expect(stdout.trim().split('\n')).toEqual(expected);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the Python snippet prints what it says', async () => {
    const { stdout } = await promisify(execFile)('bash', ['-c', pointed(code.sh)], { cwd: ROOT });
    const expected = promised(code.sh, /print\(.*\) {2}# (.*)$/);
    expect(expected).toHaveLength(2);
    expect(stdout.trim().split('\n')).toEqual(expected);
  });
}
