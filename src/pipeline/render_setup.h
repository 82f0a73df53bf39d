#pragma once
// How the pipeline renders a lesson's audio, shared by make_lesson and lesson edits. Private
// to the pipeline module.
#include <filesystem>

#include "lectio/media/media.h"
#include "lectio/pipeline/make_lesson.h"
#include "lectio/speech/render.h"

namespace lectio::pipeline {

// Calls options.on_progress when set.
void report(const LessonOptions& options, Stage stage, int done = 0, int total = 0);

// The render options of `options`: the audio directory (default <data_dir>/audio), the
// lexicon (default <data_dir>/lexicon.yaml when it exists), threads, cache bounds and progress.
// Throws InvalidInput for a bad lexicon.
speech::RenderOptions render_options(const std::filesystem::path& data_dir,
                                     const LessonOptions& options);

// The render's files, published into the media store: what the lesson then records.
speech::RenderResult published(const speech::RenderResult& render, media::MediaStore& media);

}  // namespace lectio::pipeline
