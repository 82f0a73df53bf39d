// Splits the benchmark corpus with the chunkers people pick instead of Lectio's, for the
// side-by-side in docs/benchmarks.md ("Indexing"). Files are read into memory first; only
// splitting is timed, on the same Markdown Lectio ingests.
//
//   node chunk.mjs CORPUS_DIR --chunker langchain|llamaindex|chonkie [--runs N] [--max-mb N]
//
// --max-mb stops taking files once N MB are in (LlamaIndex's splitter is slow enough that the
// whole corpus would take many minutes).
// Sizes aim at Lectio's chunks (about 160 words, roughly 1,000 characters): 1,000 characters
// for LangChain's RecursiveCharacterTextSplitter and Chonkie's RecursiveChunker (one character
// is one token in @chonkiejs/core), 256 tokens (tiktoken) for LlamaIndex's SentenceSplitter.
// No overlap anywhere, as Lectio's chunks do not overlap. Prints one line per run and, last,
// one JSON line for the run with the least CPU time. MB means 10^6 bytes.
import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { RecursiveChunker } from "@chonkiejs/core";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { SentenceSplitter } from "@llamaindex/core/node-parser";
import { markdownFiles, option } from "./corpus.mjs";

// Each chunker as an async function from a text to its chunk strings.
async function makeChunker(kind) {
  if (kind === "langchain") {
    const s = new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 0 });
    return (text) => s.splitText(text);
  }
  if (kind === "llamaindex") {
    const s = new SentenceSplitter({ chunkSize: 256, chunkOverlap: 0 });
    return async (text) => s.splitText(text);
  }
  if (kind === "chonkie") {
    const c = await RecursiveChunker.create({ chunkSize: 1000 });
    return async (text) => (await c.chunk(text)).map((chunk) => chunk.text);
  }
  throw new Error(`unknown chunker: ${kind}`);
}

async function main() {
  const args = process.argv.slice(2);
  const corpus = args[0];
  const kind = option(args, "--chunker", "");
  if (!corpus || corpus.startsWith("-") || !kind) {
    console.error("usage: node chunk.mjs CORPUS_DIR --chunker langchain|llamaindex|chonkie [--runs N]");
    process.exit(2);
  }
  const runs = Number(option(args, "--runs", "1"));
  const maxBytes = Number(option(args, "--max-mb", "Infinity")) * 1e6;
  const paths = [];
  const texts = [];
  let bytes = 0;
  for (const path of await markdownFiles(corpus)) {
    if (bytes >= maxBytes) break;
    const text = await readFile(path, "utf8");
    paths.push(path);
    texts.push(text);
    bytes += Buffer.byteLength(text, "utf8");
  }
  if (paths.length === 0) throw new Error(`${corpus}: no Markdown files`);

  const split = await makeChunker(kind);
  let best = null;
  for (let run = 1; run <= runs; run++) {
    let chunks = 0;
    let chars = 0;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    for (const text of texts) {
      const parts = await split(text);
      chunks += parts.length;
      for (const part of parts) chars += part.length;
    }
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    // CPU time too: on a shared machine the wall time also counts waiting for the core.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const result = {
      tool: kind,
      files: paths.length,
      bytes,
      chunks,
      mean_chunk_chars: Math.round(chars / chunks),
      seconds: Number(seconds.toFixed(4)),
      cpu_seconds: Number(cpuSeconds.toFixed(4)),
      mb_per_s: Number((bytes / 1e6 / seconds).toFixed(3)),
      mb_per_cpu_s: Number((bytes / 1e6 / cpuSeconds).toFixed(3)),
    };
    console.log(
      `${kind} run ${run}: ${paths.length} files, ${(bytes / 1e6).toFixed(1)} MB, ` +
        `${chunks} chunks, ${seconds.toFixed(3)} s (${cpuSeconds.toFixed(3)} s CPU): ` +
        `${result.mb_per_s} MB/s`,
    );
    if (!best || result.cpu_seconds < best.cpu_seconds) best = result;
  }
  best.max_rss_mb = Number((process.resourceUsage().maxRSS / 1024).toFixed(1));
  console.log(JSON.stringify(best));
}

main().catch((e) => {
  console.error(`chunk.mjs: ${e.message}`);
  process.exit(1);
});
