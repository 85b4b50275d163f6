/**
 * Page entry of the browser test: runs the scenario in the page, then the same scenario in a module
 * Web Worker, and publishes both as `window.__result` / `window.__workerResult` (or `…Error`).
 */
import { runScenario } from './scenario.js';

type Published = { __result?: unknown; __workerResult?: unknown; __workerError?: string };
const w = window as unknown as Published;

function inWorker(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker('/worker.js', { type: 'module' });
    worker.onmessage = (e: MessageEvent) => {
      resolve(e.data);
      worker.terminate();
    };
    worker.onerror = (e: ErrorEvent) => reject(new Error(`worker error: ${e.message}`));
  });
}

w.__result = await runScenario('page');
try {
  w.__workerResult = await inWorker();
} catch (err) {
  w.__workerError = String((err as Error).message ?? err);
}
document.body.dataset.done = 'true';
