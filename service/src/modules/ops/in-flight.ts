/**
 * The assistant turns this process is generating, so that a shutdown can let them finish and,
 * past its deadline, abort them: an aborted turn saves its partial answer (runtime.ts).
 */
export class InFlightTurns {
  private readonly running = new Set<AbortController>();
  private emptied: (() => void)[] = [];

  get size(): number {
    return this.running.size;
  }

  /** Registers a turn; call the returned function once it has ended, however it ended. */
  begin(controller: AbortController): () => void {
    this.running.add(controller);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running.delete(controller);
      if (this.running.size === 0) for (const resolve of this.emptied.splice(0)) resolve();
    };
  }

  /**
   * Waits up to `graceMs` for running turns to end, then aborts those left and waits up to
   * `abortWaitMs` more for them to save what they had. Resolves with how many were aborted.
   */
  async drain(graceMs: number, abortWaitMs = 5_000): Promise<{ aborted: number }> {
    if (!(await this.idleWithin(graceMs))) {
      const left = [...this.running];
      for (const controller of left) controller.abort(new Error('The service is shutting down'));
      await this.idleWithin(abortWaitMs);
      return { aborted: left.length };
    }
    return { aborted: 0 };
  }

  private idleWithin(ms: number): Promise<boolean> {
    if (this.running.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.emptied.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
