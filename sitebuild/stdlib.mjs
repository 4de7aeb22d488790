// Run by sitebuild/stdlib.py at build time, under Node:
//
//   node sitebuild/stdlib.mjs JOB.json
//
// Starts the Pyodide the site vendors (node_modules/pyodide), gives it the cardroom
// package's zip and runs sitebuild/stdlib_job.py's main(job) in it, which writes the
// standard library's zip as the site ships it; copies that zip to job.out and prints
// main's answer (JSON) on stdout. Python's own output goes to stderr.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(`${job.pyodide}/pyodide.mjs`).href);
const print = (text) => process.stderr.write(`${text}\n`);
const pyodide = await loadPyodide({ indexURL: `${job.pyodide}/`, stdout: print, stderr: print });
pyodide.FS.writeFile("/tmp/cardroom.zip", readFileSync(job.package));
const boot = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
const ns = pyodide.globals.get("dict")();
pyodide.runPython(readFileSync(job.script, "utf8"), { globals: ns });
ns.set("job_json", JSON.stringify(job));
ns.set("boot", boot);
const answer = pyodide.runPython("main(job_json, boot)", { globals: ns });
writeFileSync(job.out, pyodide.FS.readFile("/tmp/python_stdlib.zip"));
process.stdout.write(answer);
