lectio_test(store sqlite_store DEPS PkgConfig::SQLITE3)
