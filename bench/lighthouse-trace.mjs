/**
 * What a Lighthouse run's long tasks were made of: reads a trace kept with
 * BENCH_LIGHTHOUSE_TRACE_DIR (bench/lighthouse.mjs) and prints each main-thread task of
 * BENCH_TASK_MS or more (default 50) after the first contentful paint, with its largest kinds of
 * work and, from the V8 sampler's profile in the trace, the functions most often on the stack
 * (React's components and Apollo Client's entry points show by name in an unminified build).
 *
 *   node bench/lighthouse-trace.mjs <trace.json> [...]
 */
import { readFileSync } from 'node:fs';

const TASK_MS = Number(process.env.BENCH_TASK_MS ?? 50);
const KINDS = new Set([
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MinorGC',
  'MajorGC',
  'FireAnimationFrame',
]);
/** Frames that say little on their own: the scheduler's and the runtime's. */
const PLUMBING =
  /^(\(root\)|\(program\)|\(idle\)|\(garbage collector\)|performWorkUntilDeadline|\(anonymous\)|)$/;

/** The page's main thread: the renderer that painted the page's first content. */
function mainThreadOf(events, fcp) {
  const renderer = events.find(
    (event) => event.name === 'thread_name' && event.pid === fcp.pid && event.args?.name === 'CrRendererMain',
  );
  return { pid: renderer.pid, tid: renderer.tid };
}

/** The sampler's stacks on the main thread: each sample's node with its time, in the trace's clock. */
function samplesOf(events, main) {
  const profile = events.find(
    (event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid,
  );
  const nodes = new Map();
  const samples = [];
  if (!profile) return { nodes, samples };
  let time = Number(profile.args.data.startTime);
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== main.pid || event.id !== profile.id) continue;
    const { cpuProfile, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile?.samples ?? []).forEach((id, index) => {
      time += timeDeltas[index] ?? 0;
      samples.push({ id, time });
    });
  }
  return { nodes, samples };
}

function stackOf(nodes, id) {
  const names = [];
  for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
    names.push(node.callFrame.functionName);
  }
  return names;
}

function describe(file) {
  const trace = JSON.parse(readFileSync(file, 'utf8'));
  const events = trace.traceEvents ?? trace;
  const paint = events.filter((event) => event.name === 'firstContentfulPaint').at(-1);
  const main = mainThreadOf(events, paint);
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const fcp = paint.ts;
  const navigation = onMain.filter((event) => event.name === 'navigationStart' && event.ts <= fcp).at(-1).ts;
  const { nodes, samples } = samplesOf(events, main);
  const tasks = onMain.filter(
    (event) => event.name === 'RunTask' && event.dur >= TASK_MS * 1000 && event.ts >= fcp,
  );
  console.log(`${file}: first contentful paint at ${((fcp - navigation) / 1000).toFixed(0)} ms`);
  let blocking = 0;
  for (const task of tasks) {
    blocking += task.dur / 1000 - 50;
    const end = task.ts + task.dur;
    const kinds = new Map();
    for (const event of onMain) {
      if (!KINDS.has(event.name) || event.ts < task.ts || event.ts >= end || !event.dur) continue;
      const label =
        event.name === 'FunctionCall' || event.name === 'EvaluateScript'
          ? `${event.name} ${(event.args?.data?.url ?? '').split('/').pop()}`
          : event.name;
      kinds.set(label, (kinds.get(label) ?? 0) + event.dur / 1000);
    }
    const onStack = new Map();
    let inTask = 0;
    for (const sample of samples) {
      if (sample.time < task.ts || sample.time >= end) continue;
      inTask += 1;
      for (const name of new Set(stackOf(nodes, sample.id))) {
        if (!PLUMBING.test(name)) onStack.set(name, (onStack.get(name) ?? 0) + 1);
      }
    }
    const parts = [...kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
      .join(' | ');
    const named = [...onStack]
      .filter(([name]) =>
        /^[A-Z]|^use[A-Z]|subscribe|reobserve|diff|write|read|commit|Passive|evaluate/.test(name),
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, count]) => `${name} ${((100 * count) / inTask).toFixed(0)}%`)
      .join(', ');
    console.log(
      `  ${((task.ts - navigation) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur / 1000).toFixed(0).padStart(4)} ms  ${parts}`,
    );
    if (named) console.log(`                        ${named}`);
  }
  console.log(`  blocking after the first contentful paint: ${blocking.toFixed(0)} ms`);
}

for (const file of process.argv.slice(2)) describe(file);
