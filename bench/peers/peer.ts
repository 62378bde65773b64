/** What the benchmark asks of every engine, ours and the peers. */
export interface BenchOutcome {
  abstained: boolean;
  results: { code: string; item: string; score: number }[];
}

export interface BenchEngine {
  name: string;
  /** How the engine decides it has no answer, for the table's notes. */
  abstentionRule: string;
  search(question: string): Promise<BenchOutcome> | BenchOutcome;
}
