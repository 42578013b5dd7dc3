#!/usr/bin/env python3
"""The examples of docs/ci.md run (issue 28): the GitHub Actions workflow
(its YAML, and the action's own script run with the workflow's inputs shard
by shard, then the merge), the Slurm array script (each task in turn, then
the merge), and the GNU parallel one-liner when parallel is installed. Each
merged report must be the one a single run over the folder writes.

Exit 77 (skip) when python3-yaml is missing, unless CI is set."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support import expect, summary  # noqa: E402

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ.get("AK_SOURCE_DIR", os.path.dirname(os.path.dirname(HERE)))
CLI = os.environ["AK_CLI"]


def blocks(text, lang):
    return re.findall(r"```" + lang + r"\n(.*?)```", text, re.S)


def whole_report(work, name):
    out = os.path.join(work, name)
    subprocess.run([CLI, "report", "-q", "assets", "-o", out], cwd=work, check=False)
    return open(out, "rb").read()


def fresh(tmp, name):
    work = os.path.join(tmp, name)
    shutil.copytree(os.path.join(SRC, "tests", "report", "inputs"), os.path.join(work, "assets"))
    return work


def check_workflow(doc, tmp, yaml):
    action = yaml.safe_load(open(os.path.join(SRC, "action.yml"), encoding="utf-8"))
    workflow = yaml.safe_load(blocks(doc, "yaml")[0])
    jobs = workflow["jobs"]
    uses = [s for job in jobs.values() for s in job["steps"] if s.get("uses", "").startswith("OWNER/animkit")]
    expect("the workflow uses the action twice (shards, merge)", len(uses) == 2, uses)
    for step in uses:
        unknown = set(step.get("with", {})) - set(action["inputs"])
        expect("the workflow gives the action only inputs it has", not unknown, unknown)
    shard_step = uses[0]["with"]
    matrix = jobs["shard"]["strategy"]["matrix"]["shard"]
    expect("one matrix job per shard", matrix == list(range(1, int(shard_step["shards"]) + 1)), matrix)
    expect("the merge job needs the shards", jobs["merge"].get("needs") == "shard")

    # the action's script, with the workflow's inputs
    script = next(s["run"] for s in action["runs"]["steps"] if s.get("name") == "animkit validate")
    work = fresh(tmp, "actions")
    runner = os.path.join(tmp, "runner")
    os.makedirs(os.path.join(runner, "animkit-build", "cli"))
    os.symlink(CLI, os.path.join(runner, "animkit-build", "cli", "animkit"))
    base = dict(os.environ, RUNNER_TEMP=runner, AK_PATHS="", AK_STRICT="false", AK_ARGS="", AK_SHARDS="1",
                AK_SHARD="1", AK_MERGE="", AK_REPORT="")
    for shard in matrix:
        env = dict(base, AK_PATHS=shard_step["paths"], AK_SHARDS=str(shard_step["shards"]), AK_SHARD=str(shard),
                   AK_ARGS=shard_step["args"])
        r = subprocess.run(["bash", "-e", "-c", script], cwd=work, env=env, capture_output=True)
        expect(f"the action, shard {shard}: exit 0 (errors are the merge's verdict)", r.returncode == 0, r.stderr)
        expect(f"the action, shard {shard}: its part", os.path.exists(os.path.join(work, f"animkit-shard-{shard}.json")))
    merge_step = uses[1]["with"]
    env = dict(base, AK_MERGE=merge_step["merge"], AK_REPORT=merge_step["report"])
    r = subprocess.run(["bash", "-e", "-c", script], cwd=work, env=env, capture_output=True)
    got = open(os.path.join(work, merge_step["report"]), "rb").read()
    expect("the action's merge: exit 1 (some files have errors), the report of one run",
           r.returncode == 1 and got == whole_report(work, "whole.html"), r.stderr)
    expect("the cache was used", os.path.isdir(os.path.join(work, ".animkit-cache")))


def check_slurm(doc, tmp):
    script = next(b for b in blocks(doc, "bash") if "SLURM_ARRAY_TASK_ID" in b)
    submit = next(b for b in blocks(doc, "sh") if "sbatch" in b)
    merge = re.search(r"--wrap '([^']*)'", submit).group(1)
    array = re.search(r"--array=1-(\d+)", script)
    tasks = int(array.group(1))
    work = fresh(tmp, "slurm")
    open(os.path.join(work, "animkit-shards.sh"), "w").write(script)
    env = dict(os.environ, PATH=os.path.dirname(CLI) + os.pathsep + os.environ["PATH"],
               ANIMKIT_CACHE=os.path.join(tmp, "slurm-cache"), SLURM_ARRAY_TASK_COUNT=str(tasks),
               SLURM_CPUS_PER_TASK="1")
    for task in range(1, tasks + 1):
        r = subprocess.run(["bash", "animkit-shards.sh"], cwd=work, env=dict(env, SLURM_ARRAY_TASK_ID=str(task)),
                           capture_output=True)
        expect(f"the Slurm script, task {task}: exit 0", r.returncode == 0, r.stderr)
    r = subprocess.run(["bash", "-c", merge], cwd=work, env=env, capture_output=True)
    expect("the Slurm merge: the report of one run", r.returncode == 1 and
           open(os.path.join(work, "report.html"), "rb").read() == whole_report(work, "whole.html"), r.stderr)


def check_parallel(doc, tmp):
    line = next(b for b in blocks(doc, "sh") if b.startswith("parallel "))
    if not shutil.which("parallel"):
        print("SKIP the GNU parallel one-liner: parallel is not installed")
        return
    work = fresh(tmp, "parallel")
    env = dict(os.environ, PATH=os.path.dirname(CLI) + os.pathsep + os.environ["PATH"])
    r = subprocess.run(["bash", "-c", line], cwd=work, env=env, capture_output=True)
    expect("the GNU parallel one-liner: the report of one run",
           open(os.path.join(work, "report.html"), "rb").read() == whole_report(work, "whole.html"), r.stderr)


def main():
    try:
        import yaml
    except ImportError:
        if os.environ.get("CI"):
            print("FAIL: python3-yaml is missing")
            return 1
        print("SKIP: python3-yaml is missing (scripts/install-deps installs it)")
        return SKIP
    doc = open(os.path.join(SRC, "docs", "ci.md"), encoding="utf-8").read()
    with tempfile.TemporaryDirectory() as tmp:
        check_workflow(doc, tmp, yaml)
        check_slurm(doc, tmp)
        check_parallel(doc, tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
