/**
 * The target side of the bench's IPC: `memory` answers process.memoryUsage() after a full
 * collection, `stop` closes the app and the database and exits; `more` handles the rest.
 */
export function answerBench(close: () => Promise<void>, more: (message: { type: string } & Record<string, unknown>) => void = () => {}): void {
  process.on('message', (message: { type: string } & Record<string, unknown>) => {
    if (message.type === 'memory') {
      // Twice, a turn of the event loop apart: finalizers freed by the first pass run in between.
      global.gc?.();
      setImmediate(() => {
        global.gc?.();
        process.send!({ type: 'memory', ...process.memoryUsage() });
      });
    } else if (message.type === 'stop') {
      void close().then(() => process.exit(0));
    } else more(message);
  });
}
