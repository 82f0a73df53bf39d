// What the Node.js splitting benchmarks share (bench/chunkers/chunk.mjs,
// bench/langchain/split.mjs): reading options and finding the corpus's files.
import { readdir } from "node:fs/promises";
import { join } from "node:path";

// The value after `name` on the command line, or fallback.
export function option(args, name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}

// Every Markdown file under dir, sorted by path like Lectio's expand_inputs.
export async function markdownFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(md|markdown)$/i.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}
