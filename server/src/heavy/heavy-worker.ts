import { HEAVY_TASKS, type HeavyTaskName } from './heavy-tasks';

/** A worker thread of heavy-pool.ts: runs one named task of heavy-tasks.ts on the data it was sent. */
export default function runHeavyTask({ task, input }: { task: HeavyTaskName; input: never }): unknown {
  return HEAVY_TASKS[task](input);
}
