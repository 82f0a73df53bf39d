lectio_test(sqlite database)
