import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * With WEB_CONCURRENCY above 1 a scrape reaches whichever worker Node hands the connection to, so
 * that worker asks the supervisor, which gathers every worker's metrics (prom-client's
 * AggregatorRegistry: counters and histograms summed, the process' own per worker) and answers.
 */

const ASK = 'truenet:metrics?';
const ANSWER = 'truenet:metrics';
const WAIT_MS = 5_000;

interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/** In the supervisor: answers its workers' requests for the whole server's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    const id = message?.type === ASK ? message.id : undefined;
    if (!id) return;
    aggregator
      .clusterMetrics()
      .then((text) => worker.send({ type: ANSWER, id, text } satisfies Answer))
      .catch((error: Error) => worker.send({ type: ANSWER, id, error: error.message } satisfies Answer));
  });
}

/** In a worker: its registry joins the supervisor's gathering. */
export function joinClusterMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  // Making one is what sets up the worker's answer to the supervisor's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** The text a scrape answers: this process' own, or, in a worker, every worker's together. */
export function scrapeText(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics'));
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the supervisor did not answer with the metrics'));
    }, WAIT_MS);
    process.on('message', onMessage);
    process.send!({ type: ASK, id });
  });
}
