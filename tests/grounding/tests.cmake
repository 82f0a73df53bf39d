lectio_test(grounding grounding)
lectio_test(grounding verify DEPS lectio_ingest lectio_search)
