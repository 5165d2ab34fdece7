#!/usr/bin/env node
// Shim: lets `npx cutplan …` run the TypeScript CLI from a clone without a build step.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
