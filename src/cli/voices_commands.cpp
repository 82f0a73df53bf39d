// lectio voices [--json] | voices add | voices remove | voices test
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "lectio/core/error.h"
#include "lectio/speech/normalize.h"
#include "lectio/speech/synthesizer.h"
#include "lectio/voices/hosts.h"
#include "lectio/voices/voice_registry.h"

namespace lectio::cli {

namespace {

struct AddArgs {
  std::string engine;
  voices::Host voice;
  voices::SpeechServer server;
};

nlohmann::ordered_json voice_json(const voices::Host& h) {
  nlohmann::ordered_json j = {{"name", h.name},
                              {"language", h.language},
                              {"gender", h.gender},
                              {"engine", h.engine},
                              {"voice", h.voice},
                              {"rate", h.rate},
                              {"pitch", h.pitch},
                              {"description", h.description},
                              {"registered", h.server.has_value()}};
  if (h.server) {
    j["base_url"] = h.server->base_url;
    j["model"] = h.server->model;
    j["format"] = h.server->format;
    j["concurrency"] = h.server->concurrency;
    j["timeout"] = h.server->timeout;
  }
  return j;
}

void list_voices(bool json) {
  const std::vector<voices::Host> all = voices::hosts();
  if (json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const voices::Host& h : all) out.push_back(voice_json(h));
    std::cout << out.dump(2) << '\n';
    return;
  }
  for (const voices::Host& h : all) {
    const std::string where =
        h.server ? fmt::format(" ({}, {})", h.server->base_url, h.server->model) : "";
    std::cout << fmt::format("{:<9} {}  {:<6}  {}/{}{}  {}\n", h.name, h.language,
                             h.gender.empty() ? "-" : h.gender, h.engine, h.voice, where,
                             h.description);
  }
}

void add_voice(AddArgs args, const GlobalOptions& global) {
  if (args.engine != "openai-speech") {
    throw InvalidInput(
        fmt::format("voice '{}': engine '{}': only openai-speech voices can be "
                    "added (flite and espeak-ng voices are built in)",
                    args.voice.name, args.engine));
  }
  while (!args.server.base_url.empty() && args.server.base_url.back() == '/') {
    args.server.base_url.pop_back();  // "http://host:8880/v1/" is what people paste
  }
  args.voice.engine = args.engine;
  args.voice.server = args.server;
  voices::open_voice_registry(global.data())->add(args.voice);
  std::fprintf(stderr, "lectio: voice %s added: %s %s at %s\n", args.voice.name.c_str(),
               args.server.model.c_str(), args.voice.voice.c_str(), args.server.base_url.c_str());
}

void remove_voice(const std::string& name, const GlobalOptions& global) {
  if (!voices::open_voice_registry(global.data())->remove(name)) {
    throw NotFound(fmt::format("voice '{}': not registered (see `lectio voices`)", name));
  }
  std::fprintf(stderr, "lectio: voice %s removed\n", name.c_str());
}

// Speaks one sentence, bypassing the sentence cache, so that the server is really asked.
void test_voice(const std::string& name, const std::string& given) {
  const auto host = voices::find_host(name);
  if (!host) throw NotFound(fmt::format("voice '{}': no such voice (see `lectio voices`)", name));
  const std::string text =
      !given.empty() ? given
      : host->language == "zh"
          ? fmt::format("你好，我是{}，这是 Lectio 的一个声音。", host->name)
          : fmt::format("Hello, I'm {}, one of the voices of Lectio.", host->name);
  const std::string spoken = speech::normalize_for_speech(text, host->language, {});
  const auto start = std::chrono::steady_clock::now();
  const speech::Pcm pcm = speech::make_synthesizer(*host)->speak(spoken);
  const double latency =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << fmt::format("{}: {:.2f} s latency, {:.2f} s of audio at {} Hz ({}/{})\n", host->name,
                           latency, pcm.seconds(), pcm.sample_rate, host->engine, host->voice);
  if (pcm.samples.empty()) {
    throw Internal(fmt::format("voice '{}': answered no audio for \"{}\"", host->name, text));
  }
}

void register_add(CLI::App& voices, GlobalOptions& global) {
  auto args = std::make_shared<AddArgs>();
  CLI::App* add =
      voices.add_subcommand("add", "Register a voice of an OpenAI-compatible speech server");
  add->add_option("name", args->voice.name, "The host's name in briefs and plans, e.g. Nova")
      ->required();
  add->add_option("--engine", args->engine, "openai-speech")->required();
  add->add_option("--base-url", args->server.base_url,
                  "The API's base URL, e.g. http://127.0.0.1:8880/v1")
      ->required();
  add->add_option("--model", args->server.model, "The server's model, e.g. kokoro")->required();
  add->add_option("--voice", args->voice.voice, "The server's voice, e.g. af_bella")->required();
  add->add_option("--language", args->voice.language, "en or zh")->required();
  add->add_option("--gender", args->voice.gender, "female or male");
  add->add_option("--description", args->voice.description, "One line for `lectio voices`");
  add->add_option("--speed", args->voice.rate, "Speaking speed, 0.25-4 (default 1)");
  add->add_option("--format", args->server.format,
                  "Audio asked for: wav (default), pcm, flac, mp3 or opus");
  add->add_option("--sample-rate", args->server.sample_rate,
                  "Sample rate of pcm answers in Hz (default 24000)");
  add->add_option("--concurrency", args->server.concurrency,
                  "Requests in flight at most (default 2)");
  add->add_option("--timeout", args->server.timeout, "Seconds per request (default 60)");
  add->callback([args, &global] { add_voice(*args, global); });
}

}  // namespace

void register_voices_commands(CLI::App& app, GlobalOptions& global) {
  auto json = std::make_shared<bool>(false);
  CLI::App* voices = app.add_subcommand("voices", "List, add, remove or test host voices");
  voices->add_flag("--json", *json, "Print JSON");
  voices->require_subcommand(0, 1);
  register_add(*voices, global);

  auto name = std::make_shared<std::string>();
  CLI::App* remove = voices->add_subcommand("remove", "Remove a registered voice");
  remove->add_option("name", *name, "The voice's name")->required();
  remove->callback([name, &global] { remove_voice(*name, global); });

  auto test_name = std::make_shared<std::string>();
  auto text = std::make_shared<std::string>();
  CLI::App* test = voices->add_subcommand("test", "Speak one sentence; report latency and length");
  test->add_option("name", *test_name, "The voice's name")->required();
  test->add_option("--text", *text, "The sentence (default: a greeting)");
  test->callback([test_name, text] { test_voice(*test_name, *text); });

  voices->callback([voices, json] {
    if (voices->get_subcommands().empty()) list_voices(*json);
  });
}

}  // namespace lectio::cli
