// Splits the benchmark corpus with LangChain's RecursiveCharacterTextSplitter, the comparison
// point for Lectio's split-only rate. Files are read into memory first; only splitting is timed.
//
//   node split.mjs CORPUS_DIR [--splitter recursive|markdown] [--runs N] [--chunk-size N]
//
// Prints one line per run and, last, one JSON line for the fastest run. MB means 10^6 bytes.
import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { markdownFiles, option } from "../chunkers/corpus.mjs";

function makeSplitter(kind, chunkSize) {
  // No overlap, so chunk counts are comparable with Lectio's non-overlapping chunks.
  const params = { chunkSize, chunkOverlap: 0 };
  if (kind === "markdown") return RecursiveCharacterTextSplitter.fromLanguage("markdown", params);
  if (kind === "recursive") return new RecursiveCharacterTextSplitter(params);
  throw new Error(`unknown splitter: ${kind}`);
}

async function main() {
  const args = process.argv.slice(2);
  const corpus = args[0];
  if (!corpus || corpus.startsWith("-")) {
    console.error("usage: node split.mjs CORPUS_DIR [--splitter recursive|markdown] [--runs N]");
    process.exit(2);
  }
  const kind = option(args, "--splitter", "recursive");
  const runs = Number(option(args, "--runs", "1"));
  const chunkSize = Number(option(args, "--chunk-size", "1000"));

  const paths = await markdownFiles(corpus);
  if (paths.length === 0) throw new Error(`${corpus}: no Markdown files`);
  const texts = await Promise.all(paths.map((p) => readFile(p, "utf8")));
  const bytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t, "utf8"), 0);

  const splitter = makeSplitter(kind, chunkSize);
  let best = null;
  for (let run = 1; run <= runs; run++) {
    let chunks = 0;
    let chars = 0;
    const start = performance.now();
    for (const text of texts) {
      const parts = await splitter.splitText(text);
      chunks += parts.length;
      for (const part of parts) chars += part.length;
    }
    const seconds = (performance.now() - start) / 1000;
    const result = {
      tool: "langchain",
      mode: kind,
      runs,
      files: paths.length,
      bytes,
      chunks,
      mean_chunk_chars: Math.round(chars / chunks),
      seconds: Number(seconds.toFixed(4)),
      mb_per_s: Number((bytes / 1e6 / seconds).toFixed(2)),
      chunks_per_s: Number((chunks / seconds).toFixed(1)),
    };
    console.log(
      `langchain ${kind} run ${run}: ${result.files} files, ${(bytes / 1e6).toFixed(1)} MB, ` +
        `${chunks} chunks, ${seconds.toFixed(3)} s: ${result.mb_per_s} MB/s, ` +
        `${Math.round(result.chunks_per_s)} chunks/s`,
    );
    if (!best || result.seconds < best.seconds) best = result;
  }
  best.max_rss_mb = Number((process.resourceUsage().maxRSS / 1024).toFixed(1));
  console.log(JSON.stringify(best));
}

main().catch((e) => {
  console.error(`split.mjs: ${e.message}`);
  process.exit(1);
});
