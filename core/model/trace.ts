/** Counters for the benchmark and for tests. */
export interface SearchTrace {
  greedyCost: number | null;
  rootLp: number | null;
  cgIterations: number;
  columns: number;
  diveNodes: number;
  branchNodes: number;
  /**
   * Branch nodes that got the tight pricing rounds (LP a hair above an integer, bound below it); absent
   * until one does, so a search without any reads as before.
   */
  tightNodes?: number;
  /** Nodes whose arc split was chosen by strong branching (technique `strong-branching`); absent until one. */
  strongProbes?: number;
  /**
   * Reduced-cost fixing (technique `rc-fixing`): arcs fixed out for the whole tree, and the arcs on some
   * bar within the waste limit when it first ran; absent until a fixing runs.
   */
  fixedArcs?: number;
  fixingArcs?: number;
  /** Node-level fixings run, and the arcs they fixed for subtrees in all (technique `node-fixing`). */
  nodeFixings?: number;
  nodeFixedArcs?: number;
  endgames: number;
  /** Plans the incumbent refused as flawed (always empty unless there is a bug). */
  rejected: string[];
  phase: 'greedy' | 'root' | 'dive' | 'branch' | 'none';
}

/** A trace with every counter at zero, before the search starts. */
export function newTrace(): SearchTrace {
  return {
    greedyCost: null,
    rootLp: null,
    cgIterations: 0,
    columns: 0,
    diveNodes: 0,
    branchNodes: 0,
    endgames: 0,
    rejected: [],
    phase: 'none',
  };
}
