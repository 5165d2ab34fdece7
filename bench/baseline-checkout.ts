/**
 * A baseline checkout for the benchmarks that compare this checkout against another commit in one run
 * (`--warm --baseline`, `--hard --baseline`): a detached worktree of the ref with its dependencies
 * installed, and a one-line description of a checkout for the reports.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** This checkout's root. */
export const ROOT = join(import.meta.dirname, '..');

/**
 * Makes (or reuses) a detached worktree of `ref` (`cutplan-warm-base-<commit>` in the temporary
 * directory, kept while it lasts) with its dependencies installed; returns its directory.
 */
export function baselineCheckout(ref: string): string {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT })
    .toString()
    .trim();
  const dir = join(tmpdir(), `cutplan-warm-base-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, 'node_modules'))) {
    process.stderr.write(`bench: a worktree of ${ref} (${commit.slice(0, 12)}) at ${dir}, then npm ci\n`);
    if (!existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return dir;
}

/** `` `abc1234 subject` `` of a checkout's HEAD, noting uncommitted changes to tracked files. */
export function gitDescribe(dir: string): string {
  try {
    const head = execFileSync('git', ['log', '-1', '--format=%h %s'], { cwd: dir }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: dir })
      .toString()
      .trim();
    return `\`${head}\`${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'not a git checkout';
  }
}
