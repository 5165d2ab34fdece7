/** The pattern tree both geometries share: branch and price over any pattern kind. */
export { type BranchFlow, type NodeFixing, type PatternTree, treeSteps } from './pattern-tree.ts';
export type { StrongBranching } from './strong-branching.ts';
