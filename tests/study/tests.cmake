lectio_test(study cards)
lectio_test(study fsrs)
lectio_test(study anki DEPS PkgConfig::SQLITE3 PkgConfig::LIBZIP)
