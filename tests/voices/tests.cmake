lectio_test(voices hosts)
lectio_test(voices voice_registry)
