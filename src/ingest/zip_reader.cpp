// Placeholder: the zip reader lands with the EPUB/DOCX extractors.
