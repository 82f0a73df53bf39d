#pragma once
// The JSON of an Anki collection's col row (schema 11): note types, decks, deck options and
// collection settings, as Anki's own legacy writer lays them out.
#include <cstdint>
#include <map>
#include <string>

namespace lectio::study {

inline constexpr std::int64_t kBasicModelId = 1733000000001;
inline constexpr std::int64_t kClozeModelId = 1733000000002;

std::string anki_models_json(std::int64_t now);
// deck ids by name (the default deck, id 1, is added)
std::string anki_decks_json(const std::map<std::string, std::int64_t>& decks, std::int64_t now);
std::string anki_deck_config_json();
std::string anki_collection_config_json();

}  // namespace lectio::study
