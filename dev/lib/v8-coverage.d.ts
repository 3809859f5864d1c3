/** The part of @bcoe/v8-coverage (which ships no types) that dev/coverage.mjs uses. */
declare module '@bcoe/v8-coverage' {
  /** One script's coverage as V8 reports it (Playwright's JS coverage entries, with an id). */
  export interface ScriptCov {
    scriptId: string
    url: string
    functions: unknown[]
  }
  /** Merges the coverage of several runs, script by script (its counts added, its ranges aligned). */
  export function mergeProcessCovs(processes: { result: ScriptCov[] }[]): { result: ScriptCov[] }
}
