/**
 * `cutplan <command>`: the command-line entry. Each command lives in its own module and is loaded only
 * when asked for, so `cutplan optimise` never loads the AWS SDK and `cutplan keys` never loads the solver.
 */
const commands: Readonly<
  Record<string, { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> }>
> = {
  optimise: {
    summary: 'solve a request file (or stdin) and print the API response',
    load: () => import('./optimise.ts'),
  },
  mcp: {
    summary: 'serve the optimiser to an AI assistant (Model Context Protocol over stdio)',
    load: () => import('./mcp.ts'),
  },
  keys: { summary: 'create, list, disable and rotate API keys', load: () => import('./keys.ts') },
  usage: {
    summary: "report each workspace's counted calls and refunds in a month",
    load: () => import('./usage.ts'),
  },
  rack: {
    summary: "list, add, import and export the workspace's offcut rack (a running API)",
    load: () => import('./rack.ts'),
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    const list = Object.entries(commands)
      .map(([n, c]) => `  ${n.padEnd(10)} ${c.summary}`)
      .join('\n');
    process.stderr.write(
      `usage: cutplan <command> [options]\n       cutplan --version\n\ncommands:\n${list}\n`,
    );
    return name === undefined || name === '--help' || name === '-h' ? 0 : 2;
  }
  const mod = await command.load();
  return mod.run(rest);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error: unknown) {
  // A command's own failures are one line each; anything else is still one line, never a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`cutplan: ${message.replace(/\s*\n\s*/g, ' ').trim()}\n`);
  process.exitCode = 1;
}
