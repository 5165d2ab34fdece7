export { type RefineContext, type Refined, refineGroup } from './refine-group.ts';
