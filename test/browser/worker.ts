/** Worker entry of the browser test: the same scenario as the page, posted back to it. */
import { runScenario } from './scenario.js';

(self as unknown as { postMessage: (m: unknown) => void }).postMessage(await runScenario('worker'));
