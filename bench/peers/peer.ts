/** What the benchmark asks of every engine, ours and the peers. */
export interface BenchOutcome {
  abstained: boolean;
  results: { code: string; item: string; score: number }[];
}

export interface BenchEngine {
  name: string;
  /** How the engine decides it has no answer, for the table's notes. */
  abstentionRule: string;
  /**
   * Peers have no confidence of their own: when set, the benchmark picks a threshold on their first
   * score from the questions (the same way ours was chosen) and abstains below it.
   */
  thresholdOnTopScore?: boolean;
  /** How the engine is configured, as its own documentation recommends, for the report's notes. */
  configuration?: string;
  /** Whether the search runs in this process (CPU time per query is then meaningful). */
  inProcess: boolean;
  search(question: string): Promise<BenchOutcome> | BenchOutcome;
}
