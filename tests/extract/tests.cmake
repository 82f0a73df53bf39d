lectio_test(extract summarize)
lectio_test(extract listenable)
lectio_test(extract candidates)
lectio_test(extract mmr)
