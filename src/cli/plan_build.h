#pragma once
// lectio plan build, in process (plan_commands.cpp) or through the queue (plan_queue.cpp).
#include <chrono>
#include <string>

#include "commands.h"
#include "engine_options.h"
#include "lectio/plan/builder.h"
#include "lectio/plan/plan_file.h"
#include "lectio/speech/render.h"

namespace lectio::cli {

struct BuildArgs {
  std::string file;
  bool json = false;
  bool no_audio = false;
  int jobs = 0;
  std::string out;            // audio directory; default <data>/audio
  std::string lexicon;        // default <data>/lexicon.yaml when present
  bool queue = false;         // enqueue the lessons for `lectio worker`s
  bool no_wait = false;       // with queue: do not follow the jobs
  speech::CacheLimits cache;  // in process; queued lessons render within their workers' bounds
  EngineArgs engine;
};

// Prints the build's summary line and the plan (or its JSON); a failed lesson sets the exit
// code.
void report_build(const BuildArgs& args, const plan::PlanFile& file,
                  const plan::BuildResult& result, std::chrono::steady_clock::time_point start,
                  GlobalOptions& global);

// --queue: enqueues the plan's lessons on the store's queue (queue::open_queue) and, unless
// --no-wait, follows them and stores the plan.
void run_queued_build(const BuildArgs& args, const plan::PlanFile& file, GlobalOptions& global);

}  // namespace lectio::cli
