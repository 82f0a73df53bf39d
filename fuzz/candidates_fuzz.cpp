// Any bytes as a plain-text document made into the sentences a lesson may say: extraction, the
// chunker, then build_candidates() with every rewrite it makes of a source's lines (an option's
// definition or an example said with its names, a list said with its lead-in, a command said in
// words). It either returns or throws a lectio::Error; every candidate is a sentence from a
// chunk of the material, of valid UTF-8 when the document was (sniff.cpp refuses a text
// document that is not before extraction), and a definition said anew reads as one ("The
// option ...", "Running ...").
#include "fuzz_support.h"
#include "lectio/extract/candidates.h"
#include "lectio/ingest/chunker.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  lectio::fuzz::refuse_or_parse([&] {
    const std::string_view bytes = lectio::fuzz::as_text(data, size);
    const bool valid = lectio::text::is_valid_utf8(bytes);
    const lectio::ingest::Document doc = lectio::ingest::extract_text(bytes);
    const std::string language = size % 2 ? "zh" : "en";
    lectio::lesson::Material material;
    material.chunks = lectio::ingest::chunk_document(doc, {}, language);
    for (const auto& c : lectio::extract::build_candidates(material, language)) {
      if (c.text.empty() || (valid && !lectio::text::is_valid_utf8(c.text))) __builtin_trap();
      if (c.chunk < 0 || static_cast<std::size_t>(c.chunk) >= material.chunks.size()) {
        __builtin_trap();
      }
      if (c.definition && !c.text.starts_with("The ") && !c.text.starts_with("Running ")) {
        __builtin_trap();
      }
    }
  });
  return 0;
}
