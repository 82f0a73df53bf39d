#pragma once
// Builders for the format tests: small but real PDF, EPUB and DOCX files made in memory, so
// the fixtures are visible in the test code. Header-only; link the test against libzip.
#include <zip.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lectio::testing {

// A PDF whose pages show the given lines top to bottom in 11 pt Helvetica; an empty line
// leaves a blank line and a line starting "# " is set in 18 pt; in a line "term\tdefinition" the
// definition starts half an inch to the right of the term, as in a definition list set in two
// columns, with no space character between them. ASCII text only. The Info
// dictionary carries `title` when it is not empty. Offsets in the xref table are exact.
inline std::string make_pdf(const std::vector<std::vector<std::string>>& pages,
                            std::string_view title = "") {
  std::vector<std::string> objects;  // objects[i] is object number i + 1
  const std::size_t page_count = pages.size();
  objects.push_back("<< /Type /Catalog /Pages 2 0 R >>");
  std::string kids;
  for (std::size_t i = 0; i < page_count; ++i) kids += std::to_string(5 + 2 * i) + " 0 R ";
  objects.push_back("<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(page_count) +
                    " >>");
  objects.push_back("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  objects.push_back(title.empty() ? "<< /Producer (lectio tests) >>"
                                  : "<< /Title (" + std::string(title) + ") >>");
  for (std::size_t i = 0; i < page_count; ++i) {
    std::string content = "BT /F1 11 Tf 14 TL 72 740 Td\n";
    for (const std::string& line : pages[i]) {
      std::string escaped;
      for (char c : line) {
        if (c == '(' || c == ')' || c == '\\') escaped.push_back('\\');
        escaped.push_back(c);
      }
      if (escaped.starts_with("# ")) {
        content += "T* /F1 18 Tf (" + escaped.substr(2) + ") Tj /F1 11 Tf T* T*\n";
        continue;
      }
      if (const auto tab = escaped.find('\t'); tab != std::string::npos) {
        content += "(" + escaped.substr(0, tab) + ") Tj 36 0 Td (" + escaped.substr(tab + 1) +
                   ") Tj -36 0 Td ";
      } else if (!escaped.empty()) {
        content += "(" + escaped + ") Tj ";
      }
      content += "T*\n";
    }
    content += "ET\n";
    objects.push_back(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font "
        "<< /F1 3 0 R >> >> /Contents " +
        std::to_string(6 + 2 * i) + " 0 R >>");
    objects.push_back("<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content +
                      "endstream");
  }
  std::string out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(out.size());
    out += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const std::size_t xref = out.size();
  out += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (std::size_t off : offsets) {
    std::string num = std::to_string(off);
    out += std::string(10 - num.size(), '0') + num + " 00000 n \n";
  }
  out += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
         " /Root 1 0 R /Info 4 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
  return out;
}

// Writes a zip archive into memory with libzip.
class ZipWriter {
 public:
  ZipWriter() {
    zip_error_t error;
    zip_error_init(&error);
    source_ = zip_source_buffer_create(nullptr, 0, 0, &error);
    zip_error_fini(&error);
    if (!source_) throw std::runtime_error("zip_source_buffer_create failed");
    zip_source_keep(source_);  // survives zip_close so the bytes can be read back
    archive_ = zip_open_from_source(source_, ZIP_TRUNCATE, nullptr);
    if (!archive_) throw std::runtime_error("zip_open_from_source failed");
  }
  ~ZipWriter() {
    if (archive_) zip_discard(archive_);
    zip_source_free(source_);
  }
  ZipWriter(const ZipWriter&) = delete;
  ZipWriter& operator=(const ZipWriter&) = delete;

  void add(const std::string& name, std::string bytes, bool stored = false) {
    kept_.push_back(std::make_unique<std::string>(std::move(bytes)));
    zip_source_t* s = zip_source_buffer(archive_, kept_.back()->data(), kept_.back()->size(), 0);
    add_source(name, s, stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 6);
  }

  // An entry of `size` zero bytes produced on the fly (nothing that size is allocated).
  void add_zeros(const std::string& name, std::uint64_t size) {
    auto* state = new ZeroState{size, 0};
    zip_source_t* s = zip_source_function(archive_, &ZipWriter::zero_callback, state);
    add_source(name, s, ZIP_CM_DEFLATE, 9);
  }

  // Closes the archive and returns its bytes.
  std::string finish() {
    if (zip_close(archive_) != 0) throw std::runtime_error("zip_close failed");
    archive_ = nullptr;
    zip_stat_t st;
    if (zip_source_open(source_) != 0 || zip_source_stat(source_, &st) != 0) {
      throw std::runtime_error("zip source reopen failed");
    }
    std::string out(st.size, '\0');
    const zip_int64_t n = zip_source_read(source_, out.data(), out.size());
    zip_source_close(source_);
    if (n != static_cast<zip_int64_t>(out.size())) throw std::runtime_error("short zip read");
    return out;
  }

 private:
  struct ZeroState {
    std::uint64_t size;
    std::uint64_t done;
  };

  void add_source(const std::string& name, zip_source_t* s, zip_int32_t method,
                  zip_uint32_t level) {
    if (!s) throw std::runtime_error("zip source failed");
    const zip_int64_t index = zip_file_add(archive_, name.c_str(), s, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(s);
      throw std::runtime_error("zip_file_add failed");
    }
    zip_set_file_compression(archive_, static_cast<zip_uint64_t>(index), method, level);
  }

  static zip_int64_t zero_callback(void* user, void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
    auto* state = static_cast<ZeroState*>(user);
    switch (cmd) {
      case ZIP_SOURCE_OPEN:
        state->done = 0;
        return 0;
      case ZIP_SOURCE_READ: {
        const std::uint64_t n = std::min<std::uint64_t>(len, state->size - state->done);
        std::memset(data, 0, n);
        state->done += n;
        return static_cast<zip_int64_t>(n);
      }
      case ZIP_SOURCE_CLOSE:
        return 0;
      case ZIP_SOURCE_STAT: {
        auto* st = static_cast<zip_stat_t*>(data);
        zip_stat_init(st);
        st->size = state->size;
        st->valid |= ZIP_STAT_SIZE;
        return sizeof(zip_stat_t);
      }
      case ZIP_SOURCE_ERROR:
        return 2 * sizeof(int);
      case ZIP_SOURCE_FREE:
        delete state;
        return 0;
      case ZIP_SOURCE_SUPPORTS:
        return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE,
                                              ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE,
                                              -1);
      default:
        return -1;
    }
  }

  zip_source_t* source_ = nullptr;
  zip_t* archive_ = nullptr;
  std::vector<std::unique_ptr<std::string>> kept_;
};

// An XHTML content document with the given body markup, in the XML style EPUBs use.
inline std::string make_xhtml(std::string_view body, std::string_view title = "Chapter") {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<html xmlns=\"http://www.w3.org/1999/xhtml\" "
         "xmlns:epub=\"http://www.idpf.org/2007/ops\">\n<head><title>" +
         std::string(title) +
         "</title><link rel=\"stylesheet\" href=\"style.css\"/><script src=\"x.js\"/></head>\n"
         "<body>" +
         std::string(body) + "</body></html>\n";
}

struct EpubItem {
  std::string id;
  std::string href;  // relative to the package document, as written in the manifest
  std::string xhtml;
};

// An EPUB 3 with the items in manifest order and the spine in `spine` order (item ids). The
// package document lives at OEBPS/content.opf.
inline std::string make_epub(std::string_view title, const std::vector<EpubItem>& items,
                             const std::vector<std::string>& spine) {
  ZipWriter zip;
  zip.add("mimetype", "application/epub+zip", true);
  zip.add("META-INF/container.xml",
          "<?xml version=\"1.0\"?>\n<container version=\"1.0\" "
          "xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles>"
          "<rootfile full-path=\"OEBPS/content.opf\" "
          "media-type=\"application/oebps-package+xml\"/></rootfiles></container>");
  std::string opf =
      "<?xml version=\"1.0\"?>\n<package xmlns=\"http://www.idpf.org/2007/opf\" "
      "version=\"3.0\" unique-identifier=\"id\"><metadata "
      "xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:identifier id=\"id\">x</dc:identifier>";
  if (!title.empty()) opf += "<dc:title>" + std::string(title) + "</dc:title>";
  opf += "<dc:language>en</dc:language></metadata><manifest>";
  for (const EpubItem& item : items) {
    opf += "<item id=\"" + item.id + "\" href=\"" + item.href +
           "\" media-type=\"application/xhtml+xml\"/>";
  }
  opf += "</manifest><spine>";
  for (const std::string& id : spine) opf += "<itemref idref=\"" + id + "\"/>";
  opf += "</spine></package>";
  zip.add("OEBPS/content.opf", opf);
  for (const EpubItem& item : items) {
    std::string path = "OEBPS/" + item.href;
    for (std::size_t at = path.find("%20"); at != std::string::npos; at = path.find("%20")) {
      path.replace(at, 3, " ");
    }
    zip.add(path, item.xhtml);
  }
  return zip.finish();
}

// One WordprocessingML paragraph with an optional style id and optional raw pPr extras.
inline std::string docx_p(std::string_view text, std::string_view style = "",
                          std::string_view ppr_extra = "") {
  std::string ppr;
  if (!style.empty()) ppr += "<w:pStyle w:val=\"" + std::string(style) + "\"/>";
  ppr += ppr_extra;
  std::string out = "<w:p>";
  if (!ppr.empty()) out += "<w:pPr>" + ppr + "</w:pPr>";
  return out + "<w:r><w:t xml:space=\"preserve\">" + std::string(text) + "</w:t></w:r></w:p>";
}

// A DOCX whose body is the given WordprocessingML; docProps/core.xml carries `title` and
// word/styles.xml holds `styles` (w:style elements) when they are not empty.
inline std::string make_docx(std::string_view body, std::string_view title = "",
                             std::string_view styles = "") {
  const std::string w = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"";
  ZipWriter zip;
  zip.add("[Content_Types].xml",
          "<?xml version=\"1.0\"?><Types "
          "xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default "
          "Extension=\"xml\" ContentType=\"application/xml\"/></Types>");
  zip.add("_rels/.rels",
          "<?xml version=\"1.0\"?><Relationships "
          "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship "
          "Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/"
          "relationships/officeDocument\" Target=\"word/document.xml\"/></Relationships>");
  zip.add("word/document.xml", "<?xml version=\"1.0\"?><w:document " + w + "><w:body>" +
                                   std::string(body) + "<w:sectPr/></w:body></w:document>");
  if (!styles.empty()) {
    zip.add("word/styles.xml",
            "<?xml version=\"1.0\"?><w:styles " + w + ">" + std::string(styles) + "</w:styles>");
  }
  if (!title.empty()) {
    zip.add("docProps/core.xml",
            "<?xml version=\"1.0\"?><cp:coreProperties "
            "xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" "
            "xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>" +
                std::string(title) + "</dc:title></cp:coreProperties>");
  }
  return zip.finish();
}

}  // namespace lectio::testing
