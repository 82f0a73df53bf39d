#pragma once
// Reading the payloads that jobs.h writes; the handlers' side.
#include <string>
#include <string_view>

#include "lectio/jobs/jobs.h"

namespace lectio::jobs {

// Throw InvalidInput (InvalidField for the brief's fields) for a payload they cannot read.
LessonRequest parse_lesson_request(std::string_view payload);
IngestRequest parse_ingest_request(std::string_view payload);

// A lesson job's model server options as JSON, without the API key (what the payload holds).
std::string chat_options_text(const llm::ChatOptions& options);

// The folder under <data>/uploads where an ingest job keeps its copy of the file: named by the
// content, so a re-run of the job finds the same path.
std::string upload_folder(const IngestRequest& request);

std::string lesson_output_json(const LessonOutput& output);
std::string ingest_output_json(const IngestRequest& request);

}  // namespace lectio::jobs
