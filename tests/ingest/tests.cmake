lectio_test(ingest markdown)
lectio_test(ingest chunker)
lectio_test(ingest add_file)
lectio_test(ingest html)
