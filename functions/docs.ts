/**
 * Lambda entry for `GET /` (the playground page) and `GET /v1/openapi.json`. The document is bundled in;
 * the page is built at deployment (`web/build.ts`) and shipped beside this file as `playground.json`.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { readFile } from 'node:fs/promises';
import openapi from '../docs/openapi.json' with { type: 'json' };
import { makeDocsHandler, type PlaygroundPage } from './handlers/index.ts';
import { jsonLogger } from './shared/log.ts';

let page: Promise<PlaygroundPage> | undefined;
const playground = (): Promise<PlaygroundPage> => {
  page ??= readFile(new URL('playground.json', import.meta.url), 'utf8').then(
    (text) => JSON.parse(text) as PlaygroundPage,
    (error: unknown) => {
      page = undefined;
      throw error;
    },
  );
  return page;
};

export const handler = makeDocsHandler({ log: jsonLogger(), openapi: JSON.stringify(openapi), playground });
