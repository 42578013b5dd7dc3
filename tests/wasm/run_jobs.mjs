// The WebAssembly side of tests/wasm/check_differential.py: runs a list of
// commands through web/animkit.mjs in one process, as animkit-node.mjs
// would run each of them.
//   node run_jobs.mjs animkit.wasm jobs.json results.jsonl
// jobs.json: [{file, command, options}]; each result line: {status, output,
// messages} (base64), in the jobs' order.
import {readFileSync, writeFileSync} from "node:fs";
import {randomFillSync} from "node:crypto";
import {createEngine} from "../../web/animkit.mjs";

const [wasm, jobsPath, resultsPath] = process.argv.slice(2);
const engine = await createEngine(readFileSync(wasm), {random: (a) => randomFillSync(a)});
const lines = [];
for (const job of JSON.parse(readFileSync(jobsPath, "utf8"))) {
  const r = engine.run(job.command, readFileSync(job.file), job.file, job.options);
  lines.push(JSON.stringify({
    status: r.status,
    output: Buffer.from(r.output).toString("base64"),
    messages: Buffer.from(r.messageBytes).toString("base64"),
  }));
}
writeFileSync(resultsPath, lines.join("\n") + "\n");
