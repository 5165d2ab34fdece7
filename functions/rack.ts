/** Lambda entry for `GET|POST /v1/offcuts` and `PATCH|DELETE /v1/offcuts/{id}`: the workspace's offcut rack. */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { makeRackHandler } from './handlers/rack-handler.ts';
import { stateServices } from './shared/services.ts';

export const handler = makeRackHandler(stateServices());
