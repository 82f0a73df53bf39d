// Helper for bench/render_bench.sh (docs/benchmarks.md, "Speech and audio"):
//   lectio_render_bench render LESSON.json OUT_DIR [--raw] [--threads N]
//       render_lesson into OUT_DIR (--raw: without text normalisation); prints a JSON line.
//   lectio_render_bench stages LESSON.json
//       render_lesson on one thread into a new directory, with the wall and CPU time of each
//       stage (the renderer's LECTIO_RENDER_TIMES lines, on stderr): synthesis (normalise,
//       synthesise, trim, resample), layout into units, loudness (cells, gain, limiter), MP3
//       units, Opus units, files, transcript.
//   lectio_render_bench text LESSON.json
//       the script as written, one sentence a line (what the flite command is given).
//   lectio_render_bench reference LESSON.json [--raw]
//       the script as a listener should hear it: normalised (--raw: as written), in lower case,
//       without punctuation.
//   lectio_render_bench tsv-lesson SENTENCES.tsv
//       a lesson (JSON) for Lena from the first column of a TSV (written<TAB>spoken, '#'
//       comments), seven sentences a section; e.g. bench/speech/written_forms.tsv.
//   lectio_render_bench wer REFERENCE.txt HYPOTHESIS.txt
//       word error rate (substitutions + deletions + insertions) / reference words.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lectio/core/error.h"
#include "lectio/lesson/lesson.h"
#include "lectio/speech/normalize.h"
#include "lectio/speech/render.h"

namespace {

using namespace lectio;
using namespace lectio::speech;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NotFound(path + ": cannot open");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Lower-case ASCII words; apostrophes stay inside words ("we're"), other marks split.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '\'' || u >= 0x80) {
      w += static_cast<char>(std::tolower(u));
      continue;
    }
    if (!w.empty()) out.push_back(w);
    w.clear();
  }
  if (!w.empty()) out.push_back(w);
  for (auto& x : out) {  // a quote at either end is punctuation, not part of the word
    while (!x.empty() && x.back() == '\'') x.pop_back();
    while (!x.empty() && x.front() == '\'') x.erase(0, 1);
  }
  std::erase_if(out, [](const std::string& x) { return x.empty(); });
  return out;
}

int render(const std::vector<std::string>& args) {
  const auto lesson = lesson::lesson_from_json(slurp(args.at(0)));
  RenderOptions options;
  options.out_dir = args.at(1);
  for (std::size_t i = 2; i < args.size(); ++i) {
    if (args[i] == "--raw") options.normalize_text = false;
    if (args[i] == "--threads") options.threads = std::stoi(args.at(++i));
  }
  const double wall = wall_seconds();
  const double cpu = cpu_seconds();
  const RenderResult r = render_lesson(lesson, options);
  std::printf(
      "{\"wall\":%.3f,\"cpu\":%.3f,\"seconds\":%.3f,\"lufs\":%.2f,\"true_peak\":%.2f,"
      "\"reused\":%s,\"mp3\":\"%s\",\"opus\":\"%s\"}\n",
      wall_seconds() - wall, cpu_seconds() - cpu, r.seconds, r.integrated_lufs, r.true_peak_dbtp,
      r.reused ? "true" : "false", r.mp3.c_str(), r.opus.c_str());
  return 0;
}

int stages(const std::vector<std::string>& args) {
  const auto lesson = lesson::lesson_from_json(slurp(args.at(0)));
  std::string dir = (std::filesystem::temp_directory_path() / "lectio_stages_XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) throw Io(dir + ": cannot create");
  RenderOptions options;
  options.out_dir = dir;
  options.threads = 1;
  setenv("LECTIO_RENDER_TIMES", "1", 1);
  const RenderResult r = render_lesson(lesson, options);
  std::filesystem::remove_all(dir);
  std::printf("%-22s %7.1f s\n", "audio", r.seconds);
  return 0;
}

int print_text(const std::vector<std::string>& args) {
  const auto lesson = lesson::lesson_from_json(slurp(args.at(0)));
  for (const auto* s : lesson::script_sentences(lesson)) std::printf("%s\n", s->text.c_str());
  return 0;
}

int reference(const std::vector<std::string>& args) {
  const auto lesson = lesson::lesson_from_json(slurp(args.at(0)));
  const bool raw = args.size() > 1 && args[1] == "--raw";
  std::string text;
  for (const auto* s : lesson::script_sentences(lesson)) {
    const std::string said = raw ? s->text : normalize_for_speech(s->text, lesson.language);
    for (const auto& w : words(said)) text += w + ' ';
  }
  std::printf("%s\n", text.c_str());
  return 0;
}

int tsv_lesson(const std::vector<std::string>& args) {
  lesson::Lesson lesson;
  lesson.slug = "written_forms";
  lesson.id = "lesson_written_forms_00000000";
  lesson.title = "Written forms";
  lesson.plan = "Benchmarks";
  lesson.date = "2026-04-22";
  lesson.host = "Lena";
  lesson.language = "en";
  lesson.format = "monologue";
  std::istringstream in(slurp(args.at(0)));
  for (std::string row; std::getline(in, row);) {
    if (row.empty() || row.front() == '#') continue;
    if (lesson.script.empty() || lesson.script.back().sentences.size() == 7) {
      lesson::ScriptSection section;
      section.title = "Part " + std::to_string(lesson.script.size() + 1);
      lesson.script.push_back(section);
    }
    lesson::ScriptSentence sentence;
    sentence.text = row.substr(0, row.find('\t'));
    sentence.speaker = lesson.host;
    lesson.script.back().sentences.push_back(sentence);
  }
  std::printf("%s\n", lesson::lesson_to_json(lesson).c_str());
  return 0;
}

int wer(const std::vector<std::string>& args) {
  const auto ref = words(slurp(args.at(0)));
  const auto hyp = words(slurp(args.at(1)));
  // Levenshtein distance over words, two rows.
  std::vector<std::size_t> prev(hyp.size() + 1), cur(hyp.size() + 1);
  for (std::size_t j = 0; j <= hyp.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= ref.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= hyp.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (ref[i - 1] == hyp[j - 1] ? 0 : 1);
      cur[j] = std::min({sub, prev[j] + 1, cur[j - 1] + 1});
    }
    std::swap(prev, cur);
  }
  const double rate = ref.empty() ? 0 : static_cast<double>(prev[hyp.size()]) / ref.size();
  std::printf("{\"wer\":%.4f,\"errors\":%zu,\"reference_words\":%zu,\"hypothesis_words\":%zu}\n",
              rate, prev[hyp.size()], ref.size(), hyp.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: lectio_render_bench render LESSON.json OUT_DIR [--raw] [--threads N]\n"
                 "       lectio_render_bench stages LESSON.json\n"
                 "       lectio_render_bench text LESSON.json\n"
                 "       lectio_render_bench reference LESSON.json [--raw]\n"
                 "       lectio_render_bench tsv-lesson SENTENCES.tsv\n"
                 "       lectio_render_bench wer REFERENCE.txt HYPOTHESIS.txt\n");
    return 2;
  }
  const std::string cmd = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  try {
    if (cmd == "render") return render(args);
    if (cmd == "stages") return stages(args);
    if (cmd == "text") return print_text(args);
    if (cmd == "reference") return reference(args);
    if (cmd == "tsv-lesson") return tsv_lesson(args);
    if (cmd == "wer") return wer(args);
    std::fprintf(stderr, "lectio_render_bench: unknown command '%s'\n", cmd.c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lectio_render_bench: %s\n", e.what());
    return 1;
  }
}
