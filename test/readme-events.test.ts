/**
 * The README's table of sample events names every folder and file under events/: a newcomer reads it to
 * pick an event for `npm run invoke`, so a folder missing from it is a feature they never find.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** The README's table rows under "`events/` holds …", keyed by folder. */
async function eventsTable(): Promise<Map<string, string>> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('`events/` holds');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  expect(start).toBeGreaterThan(-1);
  const rows = new Map<string, string>();
  for (const match of section.matchAll(/^\| `([a-z-]+)\/` \| (.*) \|$/gm)) {
    rows.set(match[1] as string, match[2] as string);
  }
  return rows;
}

describe('the README’s sample events table', () => {
  it('names every folder under events/ and every event in it', async () => {
    const rows = await eventsTable();
    const folders = (await readdir(join(root, 'events'), { withFileTypes: true })).filter((d) =>
      d.isDirectory(),
    );
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const row = rows.get(folder.name);
      expect(row, `README row for events/${folder.name}/`).toBeDefined();
      const files = (await readdir(join(root, 'events', folder.name))).filter((f) => f.endsWith('.json'));
      for (const file of files) {
        expect(row, `events/${folder.name}/${file}`).toContain(`\`${file.replace(/\.json$/, '')}\``);
      }
    }
  });
});
