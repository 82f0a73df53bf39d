#pragma once
// The one way a listening time is written for people, in every language Lectio speaks: the web's
// lesson and plan cards, plan totals, the command line.
#include <optional>
#include <string>
#include <string_view>

namespace lectio::text {

// Rounded to the minute: "45 min", "2 h 39 min", "2 h" in English; "45 分钟", "2 小时 39 分钟",
// "2 小时" in Chinese. Above zero but under half a minute is "< 1 min" / "不到 1 分钟"; zero or
// less (nothing measured) is "0 min" / "0 分钟". Languages other than "zh" are written in English.
std::string format_duration(double seconds, std::string_view language);

// A measured length as a clock, the way a player shows it: whole seconds (truncated, as media
// players count), "9:49", "1:02:05". Every place that states the length of rendered audio uses
// it: the web's cards, lesson, plan and feed pages (itunes:duration, whose MM:SS and H:MM:SS
// forms it is) and the description of a lesson with audio (restate_length). Zero or less is
// "0:00".
std::string format_clock(double seconds);

// What a listener is told about a lesson's length: the clock of the measured audio when there
// is some, else the estimate, marked as one ("~11 min" / "约 11 分钟").
std::string format_length(double estimated_minutes, std::optional<double> measured_seconds,
                          std::string_view language);

// A composed description with its estimate ("In about 11 minutes," / "用大约11分钟", as the
// composer's phrasing writes it from `estimated_minutes`) restated as the measured clock
// ("In 9:49," / "用9:49"). Other descriptions (an LLM's, a brief's) are returned unchanged.
// Applied where a description is shown (the web's pages and feeds), never stored: the stored
// lesson stays what was rendered, so that rebuilding it reuses its audio.
std::string restate_length(std::string description, double estimated_minutes,
                           double measured_seconds);

}  // namespace lectio::text
