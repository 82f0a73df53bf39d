lectio_test(pg connection POSTGRES)
lectio_test(pg migrate POSTGRES)
